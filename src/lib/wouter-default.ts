// wouter's default location hooks, which <Router> uses when given none, as the app's hash location (vite.config.ts puts
// this module in place of wouter's use-browser-location.js). The app routes by hash only and gives <Router> its hooks,
// so wouter's browser location, with the history patch it applies at load, was 1.7 KB of the first load never run.
export { useHashLocation as useBrowserLocation, useHashSearch as useSearch } from "./hash-location";
