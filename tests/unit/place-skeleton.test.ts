import { describe, expect, it } from "vitest";
import { fold } from "../../server/places/fold";
import { arabicSkeleton, latinSkeleton } from "../../server/places/skeleton";

describe("place name skeletons (Arabic queries against Latin names)", () => {
  it("brings an Arabic name and its Latin spelling to one skeleton", () => {
    const pairs = [
      ["مسقط", "Muscat"],
      ["صلالة", "Şalālah"],
      ["الشارقة", "Sharjah"],
      ["الرياض", "Riyadh"],
      ["جدة", "Jeddah"],
      ["رأس الخيمة", "Ras al-Khaimah"],
      ["السيب", "As Sib"],
      ["عبري", "‘Ibrī"],
    ];
    for (const [arabic, latin] of pairs) expect(arabicSkeleton(arabic), `${arabic} / ${latin}`).toBe(latinSkeleton(fold(latin)));
  });

  it("drops marks, tatweel and the article, and keeps words apart", () => {
    expect(arabicSkeleton("مَسْقَط")).toBe("mskt");
    expect(arabicSkeleton("مســقط")).toBe("mskt");
    expect(arabicSkeleton("رأس الخيمة")).toBe("rs km");
    expect(arabicSkeleton("ـــ")).toBe("");
  });

  it("tells different towns apart", () => {
    expect(arabicSkeleton("صحار")).not.toBe(latinSkeleton(fold("Sur")));
    expect(arabicSkeleton("دبي")).not.toBe(latinSkeleton(fold("Doha")));
  });
});
