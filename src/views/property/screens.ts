// The door to the read screens of the places area: the route table imports only this small chunk for all four, so the
// first load carries one dynamic import for them instead of four; each screen still loads only when first opened.
export const screens = {
  properties: () => import("./properties").then((m) => m.PropertiesView),
  property: () => import("./property").then((m) => m.PropertyDetailView),
  apartment: () => import("./apartment").then((m) => m.ApartmentView),
  prevTenants: () => import("./prev-tenants").then((m) => m.PrevTenantsView),
};
