export { type Call, fakeApi, json } from "./fake-api";
import type { Issue } from "../../src/contract/issues";

export const issue = (over: Partial<Issue> = {}): Issue => ({
  issue_id: 7,
  title: "Kitchen sink leaking",
  issue_type: 1,
  desc: "Water drips under the sink.",
  issue_status: 0,
  created_at: "2024-01-15T10:30:00.000Z",
  property_id: 3,
  name: "Qurum Heights Apartment 12",
  addres: "",
  addrs: { block: "Block 215", no: "Building 1248", street: "Way 2734", city: "Muscat", state: "", zipcode: "112", country: "Oman" },
  location: { lat: 23.6139, lng: 58.4786 },
  images: [],
  issue_images: [
    { file_name: "a.png", path: "demo/a.png" },
    { file_name: "b.JPG", path: "demo/b.JPG" },
  ],
  issue_videos: [{ file_name: "v.mp4", path: "demo/v.mp4" }],
  available: [
    { date: "2024-01-15", time_from: "09:00", time_to: "11:00" },
    { date: "2024-01-16", time_from: "14:30", time_to: "16:00" },
  ],
  creater_name: "Salim Al Harthy",
  creater_mob_no: "+968 9100 0001",
  creater_profile: [],
  priority: 2,
  prop_images: [{ path: "demo/qurum.svg" }],
  ...over,
});
