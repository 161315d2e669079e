// What a push message and a notification mail say in Arabic when the repair's title or a name is written in English:
// isolated (U+2068 … U+2069), as the app's own sentences are (src/lib/bidi.ts), so that the notification shade and the
// mail client keep its order. Seen in the app: «2 taps leaking» showed as «taps leaking 2» inside an Arabic sentence.
import { describe, expect, it } from "vitest";
import { msg, translate } from "../../server/lib/i18n";
import { invitationMail, notificationMail, tenantInvitationMail } from "../../server/mail/templates";
import { sentence } from "../../server/push/sentences";

const iso = (s: string) => `\u2068${s}\u2069`;

describe("the server's Arabic sentences", () => {
  it("isolate a title, a name or a property written in English, and leave Arabic words and the visit as they are", () => {
    const params = { title: "2 taps leaking", actor_name: "Ahmed Al Balushi", property_name: "Qurum Heights", reason: "Still dripping" };
    expect(sentence("reopened", params, "ar")).toBe(`أعاد ${iso("Ahmed Al Balushi")} فتح الإصلاح: ${iso("2 taps leaking")} (${iso("Still dripping")})`);
    expect(sentence("reported", params, "ar")).toBe(`بلاغ إصلاح جديد في ${iso("Qurum Heights")}: ${iso("2 taps leaking")}`);
    expect(sentence("scheduled", { title: "تسرب في المطبخ", visit: { date: "2030-03-03", time_from: "14:00", time_to: "16:00" } }, "ar")).toBe(
      "تم الاتفاق على موعد الزيارة من أجل تسرب في المطبخ: الأحد 3 مارس 2030، 2:00\u00a0م – 4:00\u00a0م",
    );
    // A param that is missing reads the Arabic fallback, with nothing around it.
    expect(sentence("on_the_way", { title: "2 taps leaking" }, "ar")).toBe(`أحدهم في الطريق إليك: ${iso("2 taps leaking")}`);
  });

  it("say first that a report is an emergency when it is marked so", () => {
    const params = { title: "Water pouring", property_name: "Al Noor Tower", emergency: true };
    expect(sentence("reported", params, "en")).toBe("Emergency: New repair reported at Al Noor Tower: Water pouring");
    expect(sentence("reported", params, "ar")).toBe(`طارئ: بلاغ إصلاح جديد في ${iso("Al Noor Tower")}: ${iso("Water pouring")}`);
    expect(sentence("reported", { ...params, emergency: false }, "en")).toBe("New repair reported at Al Noor Tower: Water pouring");
  });

  it("leave English sentences as they are", () => {
    expect(sentence("reopened", { title: "2 taps leaking", actor_name: "Ahmed", reason: "Still dripping" }, "en")).toBe(
      "Ahmed reopened the repair: 2 taps leaking (Still dripping)",
    );
  });

  it("isolate the names in the Arabic lines of the mails, and only there", () => {
    const tenant = tenantInvitationMail({
      to: "t@example.om",
      name: "Maryam",
      inviterName: "Salim Al Harthy",
      propertyName: "2 Palm Towers",
      unitName: "7B",
      link: "https://app/#/invite?token=x",
    }).text;
    expect(tenant).toContain(`مرحبًا ${iso("Maryam")}،`);
    expect(tenant).toContain(`أضافك ${iso("Salim Al Harthy")} مستأجرًا للوحدة ${iso("7B")} في ${iso("2 Palm Towers")} على فيكسِت الخليج.`);
    expect(tenant).toContain("Salim Al Harthy added you as the tenant of unit 7B in 2 Palm Towers on Fixit Gulf.");
    const staff = invitationMail({
      to: "s@example.om",
      name: "Khalid",
      companyName: "Gulf Fix LLC",
      role: "technician",
      link: "https://app/#/invite?token=x",
    }).text;
    expect(staff).toContain(`أضافتك ${iso("Gulf Fix LLC")} إلى فيكسِت الخليج فنيًا.`);
    expect(staff).toContain("Gulf Fix LLC has added you to Fixit Gulf as a technician.");
    const note = notificationMail({ to: "n@example.om", name: "مريم", lang: "ar", sentence: "اكتمل العمل", link: "https://app/#/x" }).text;
    expect(note.startsWith("مرحبًا مريم،")).toBe(true);
  });

  it("isolate a name in the server's Arabic messages (an answer's detail), numbers and English messages as they are", () => {
    expect(translate("ar", msg("unitTaken", { name: "7B" }))).toBe(`الوحدة ${iso("7B")} موجودة بالفعل في هذا العقار.`);
    expect(translate("ar", msg("handedOver", { company: "Gulf Fix LLC" }))).toBe(`أصبحت ${iso("Gulf Fix LLC")} تدير هذا العقار الآن.`);
    expect(translate("ar", msg("resendWait", { seconds: 30 }))).toBe("يُرجى الانتظار 30 ثانية قبل طلب رمز جديد.");
    expect(translate("en", msg("unitTaken", { name: "7B" }))).toBe("Unit 7B already exists in this property.");
  });
});
