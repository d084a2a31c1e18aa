-- A report the platform files itself (a member who tried to begin more than 15 new conversations
-- in one Dutch day: 'veel-nieuwe-gesprekken'): it names the member as both reporter and reported,
-- counts against nobody's daily reports and is in nobody's export as a report they made.
ALTER TABLE reports ADD COLUMN automatic BOOLEAN NOT NULL DEFAULT FALSE;
