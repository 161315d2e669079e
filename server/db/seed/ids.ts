// The demo accounts the seed parts build on; its own file so the parts and seed.ts do not import each other.
/** Ids of the demo accounts and company, and the demo password's hash. */
export interface SeedIds {
  companyId: number;
  ownerId: number;
  technicianId: number;
  managerId: number;
  tenantId: number;
  passwordHash: string;
}
