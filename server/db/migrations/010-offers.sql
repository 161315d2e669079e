-- Offers to independent technicians (issue 12, LOOP.md section 2): the owner of a property no company runs may offer a
-- reported issue to the independent technicians (no company) with the skill whose service area covers the property.
-- Set while the offer stands; cleared when a technician takes the job (accept) or the owner assigns it. The issue stays
-- `reported` meanwhile.
alter table issues add column offered_at timestamptz;
create index issues_offered_idx on issues (offered_at) where offered_at is not null;
