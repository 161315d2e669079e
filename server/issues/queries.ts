// SQL of the issue area.
import type { Queryable } from "../db/db";
import { HttpError } from "../lib/http";
import { msg } from "../lib/i18n";

/** One issue in the shape of SPEC.md's state fields (D4); `where` filters the `i` (issues) alias. */
export const ISSUE_SELECT = `
  select i.issue_id, i.title, i.issue_type, i.description as "desc", i.issue_status,
         to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
         i.property_id, p.name, p.addres,
         json_build_object('block', p.block, 'no', p.no, 'street', p.street, 'city', p.city, 'state', p.state, 'zipcode', p.zipcode, 'country', p.country) as addrs,
         json_build_object('lat', p.lat, 'lng', p.lng) as location,
         coalesce((select json_agg(json_build_object('file_name', m.file_name, 'path', m.path) order by m.position, m.media_id)
                     from issue_media m where m.issue_id = i.issue_id), '[]'::json) as images,
         coalesce((select json_agg(json_build_object('file_name', m.file_name, 'path', m.path) order by m.position, m.media_id)
                     from issue_media m where m.issue_id = i.issue_id and m.kind = 'image'), '[]'::json) as issue_images,
         coalesce((select json_agg(json_build_object('file_name', m.file_name, 'path', m.path) order by m.position, m.media_id)
                     from issue_media m where m.issue_id = i.issue_id and m.kind = 'video'), '[]'::json) as issue_videos,
         coalesce((select json_agg(json_build_object('date', to_char(a.date, 'YYYY-MM-DD'), 'time_from', to_char(a.time_from, 'HH24:MI'), 'time_to', to_char(a.time_to, 'HH24:MI'))
                            order by a.date, a.time_from, a.slot_id)
                     from issue_availability a where a.issue_id = i.issue_id), '[]'::json) as available,
         coalesce((select json_agg(json_build_object('date', to_char(s.date, 'YYYY-MM-DD'), 'time_from', to_char(s.time_from, 'HH24:MI'), 'time_to', to_char(s.time_to, 'HH24:MI'))
                            order by s.date, s.time_from, s.slot_id)
                     from issue_tech_slots s where s.issue_id = i.issue_id), '[]'::json) as tech_available,
         to_char(i.acknowledged_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as acknowledged_at,
         cu.name as creater_name,
         case when cu.mob_no is null or cu.mob_no = '' then null else cu.cntry_code || cu.mob_no end as creater_mob_no,
         case when cu.profile_path is null then '[]'::json else json_build_array(json_build_object('path', cu.profile_path)) end as creater_profile,
         i.priority,
         coalesce((select json_agg(json_build_object('path', pi.path) order by pi.position, pi.image_id)
                     from property_images pi where pi.property_id = p.property_id), '[]'::json) as prop_images
    from issues i
    join properties p on p.property_id = i.property_id
    left join users cu on cu.user_id = i.creator_id`;

export interface Access {
  issue_id: number;
  issue_status: number;
  assigned_tech_id: number | null;
  tech_company_id: number | null;
  creator_id: number | null;
  owner_id: number | null;
}

export async function accessOf(q: Queryable, issueId: number): Promise<Access> {
  const { rows } = await q.query<Access>(
    `select i.issue_id, i.issue_status, i.assigned_tech_id, t.company_id as tech_company_id, i.creator_id, p.owner_id
       from issues i join properties p using (property_id) left join users t on t.user_id = i.assigned_tech_id
      where i.issue_id = $1`,
    [issueId],
  );
  if (!rows[0]) throw new HttpError(404, msg("issueMissing"));
  return rows[0];
}
