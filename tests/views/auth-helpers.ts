export { type Call, fakeApi as fakeServer, json } from "./fake-api";
