// Wire schemas of the maps (issue 17, LOOP.md section 3): a manager's technicians where they work, shared by
// server/company/routes.ts and src/api/map.ts. The issues on a map come from the lists (GET /issue/jobs, /issue/issues
// with `page_size`), which already carry each issue's location (the property's) and agreed visit.
import * as z from "zod/mini";

/** How many open issues a map asks for in one page (the server's most). */
export const MAP_PAGE_SIZE = 100;

/** One technician of the caller's company at their service location (verify-info or the profile's service area). */
export const techLocation = z.lazy(() =>
  z.looseObject({
    user_id: z.number(),
    name: z.string(),
    location: z.looseObject({ lat: z.number(), lng: z.number() }),
    addres: z._default(z.nullable(z.string()), null),
    area_range: z._default(z.nullable(z.number()), null),
    taking_jobs: z._default(z.boolean(), true),
  }),
);
export type TechLocation = z.infer<typeof techLocation>;

/** GET /company/tech_locations (role 2): the company's technicians that have a service location. */
export const techLocationsResponse = z.lazy(() => z.looseObject({ status: z.number(), total: z.number(), data: z._default(z.array(techLocation), []) }));
