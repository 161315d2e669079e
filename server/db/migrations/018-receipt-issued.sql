-- A receipt is issued when the work is reported done (issue 12's e-receipt, a VAT document): its number, the company's
-- hourly rate, and the company's name and registration number as they were then, not as they are when it is opened.
-- Rows issued before this migration keep reading the company's current name (null here).
alter table receipts add column company_name text;
alter table receipts add column reg_no text;
