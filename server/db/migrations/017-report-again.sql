-- "Report again" (LOOP.md section 2): a closed repair whose problem came back is reported anew, and the new issue
-- links to the earlier one. At most one new report per earlier issue (a chain when it comes back again): the
-- earlier row is locked while the new one is made, and the unique index is the last guard.
alter table issues add column again_of integer references issues(issue_id) on delete set null;
create unique index issues_again_of_key on issues (again_of) where again_of is not null;
