// The maps' calls (issue 17): every open issue of a list in one page, and the manager's technicians where they work.
import { type Issue, jobsResponse } from "../contract/issues";
import { MAP_PAGE_SIZE, type TechLocation, techLocationsResponse } from "../contract/map";
import { api } from "./client";

/**
 * GET /issue/jobs (the technician's, `source` jobs) or GET /issue/issues (`query`: the same filters as the list beside
 * the map), open ones only, up to MAP_PAGE_SIZE in one answer.
 */
export async function fetchMapIssues(source: "jobs" | "repairs", query: Record<string, string>, signal?: AbortSignal): Promise<Issue[]> {
  const path = source === "jobs" ? "issue/jobs" : "issue/issues";
  const raw = await api.get(path, { searchParams: { status: "open", page_num: 1, page_size: MAP_PAGE_SIZE, ...query }, signal }).json();
  return jobsResponse.parse(raw).data;
}

/** GET /company/tech_locations: the caller's company's technicians at their service locations (managers). */
export async function fetchTechLocations(signal?: AbortSignal): Promise<TechLocation[]> {
  return techLocationsResponse.parse(await api.get("company/tech_locations", { signal }).json()).data;
}
