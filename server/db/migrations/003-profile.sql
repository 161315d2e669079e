-- Contact verification (SPEC.md sections 2 and 7): what the verify-info modal stores on the account.
alter table users add column include_whatsapp boolean not null default false;
alter table users add column area_range double precision check (area_range > 0);
alter table users add column respond_time integer check (respond_time >= 1);
alter table users add column addres text;
alter table users add column addrs jsonb;
alter table users add column lat double precision check (lat between -90 and 90);
alter table users add column lng double precision check (lng between -180 and 180);
alter table users add column contact_verified_at timestamptz;
