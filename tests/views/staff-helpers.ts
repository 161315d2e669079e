export { type Call, fakeApi, json } from "./fake-api";
import type { StaffRecord } from "../../src/contract/company";

export const staff = (id: number, over: Partial<StaffRecord> = {}): StaffRecord => ({
  user_id: id,
  name: `Employee ${id}`,
  mob_no: `95000000${String(id).padStart(2, "0")}`,
  email: `e${id}@gulffix.om`,
  cntry_code: "+968",
  role: 1,
  job_title: "Technician",
  staff_profile: id % 2 ? [{ path: `avatars/e${id}.svg` }] : [],
  comp_name: "Gulf Fix Maintenance LLC",
  comp_mob_no: "24500100",
  comp_cntry_code: "+968",
  comp_email: "info@gulffix.om",
  comp_profile: [{ path: "company/gulffix-logo.svg" }],
  ...over,
});

/** A fake IntersectionObserver the test drives by hand. */
export class FakeObserver {
  static all: FakeObserver[] = [];
  targets: Element[] = [];
  disconnected = false;
  constructor(
    public callback: IntersectionObserverCallback,
    public options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  static live() {
    return FakeObserver.all.filter((o) => !o.disconnected && o.targets.length);
  }
  /** Reports the observed end of the list as on screen (within the margin). */
  static reachEnd() {
    for (const o of FakeObserver.live())
      o.callback(
        o.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
        o as unknown as IntersectionObserver,
      );
  }
}
