// Deleting an account (DELETE /user/account, issue 14). The row stays, because issues, work reports and receipts
// other people need point at it (a receipt still names the technician who did the job); everything personal on it
// goes in one transaction: the name becomes DELETED_NAME (stored as such, in English: readers show the name they
// find), email, mobile, password, the Google link (migration 015), photo, address, location, skills and languages are
// cleared, and the sessions, push subscriptions, notifications, codes and invitations of the account are deleted.
// `deleted_at` and `disabled` are set, so nothing signs in as it again, and its email, mobile number and Google account
// are free for a new account. A manager who deletes their account leaves the company and its data in place; a tenant's
// current tenancies end (the unit is free again).
import type { Queryable } from "../db/db";
import { DELETED_NAME } from "./limits";

/** Scrubs the account inside the caller's transaction; returns the photo's stored path (the caller removes the file). */
export async function scrubAccount(q: Queryable, userId: number, now: number): Promise<{ profile_path: string | null; email: string | null }> {
  const { rows } = await q.query<{ profile_path: string | null; email: string | null }>("select profile_path, email from users where user_id = $1 for update", [
    userId,
  ]);
  const before = rows[0];
  await q.query(
    `update users set
        name = $2, email = null, mob_no = null, password_hash = null, profile_path = null,
        addres = null, addrs = null, lat = null, lng = null, area_range = null, respond_time = null,
        skills = '{}', languages = '{}', include_whatsapp = false, taking_jobs = false, oidc_issuer = null, oidc_sub = null,
        disabled = true, deleted_at = $3
      where user_id = $1`,
    [userId, DELETED_NAME, new Date(now)],
  );
  for (const table of ["sessions", "push_subscriptions", "notifications", "notification_settings", "contact_changes", "invitations", "idempotency_keys"])
    await q.query(`delete from ${table} where user_id = $1`, [userId]);
  await q.query("delete from password_resets where user_id = $1 or ($2::text is not null and email = lower($2))", [userId, before.email]);
  await q.query("delete from rate_limits where key like $1", [`login-pair:u${userId}|%`]);
  const today = new Date(now).toISOString().slice(0, 10);
  await q.query("update tenancies set ended_at = $2, end_date = greatest(start_date, $3::date) where tenant_id = $1 and ended_at is null", [
    userId,
    new Date(now),
    today,
  ]);
  return before;
}
