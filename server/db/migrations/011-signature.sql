-- The customer's signature on the work report (issue 12, LOOP.md section 2): one image per issue, uploaded by the
-- technician through POST /issue/media?phase=signature while the work is in progress; a new one replaces the old. It is
-- neither a photo of the report ('before') nor of the finished work ('after'), so it counts towards neither.
alter table issue_media drop constraint issue_media_phase_check;
alter table issue_media add constraint issue_media_phase_check check (phase in ('before', 'after', 'signature'));
create unique index issue_media_signature_idx on issue_media (issue_id) where phase = 'signature';
