-- A repeat report that was cancelled (sent by mistake, or the problem went away) no longer counts as the earlier
-- repair's one report again: the earlier one may be reported again, and the unique index leaves cancelled rows out.
drop index issues_again_of_key;
create unique index issues_again_of_key on issues (again_of) where again_of is not null and stage <> 'cancelled';
