-- Issue #18: the Repairs / Replacements switches of the Appointments calendar and My Facility Appointments
-- (YES/NO page attributes, like the My tabs). A fresh database gets them from the seed (data/settings.ts,
-- ids 17..20); a database seeded before this migration gets them here. Nothing is inserted while the
-- reference rows they point at (object name 5 Page, value list 3 Yes/No) do not exist yet.
INSERT INTO "attribute_names" ("id", "name", "object_name_id", "attribute_type_id", "setting_value_list_id", "tag_page_name", "default_value", "tooltip_text")
SELECT v.id, v.name, 5, 5, 3, v.page, 'YES', 'Show ' || lower(v.name) || ' on ' || v.page
FROM (VALUES (17, 'Repairs', 'Appointments'), (18, 'Replacements', 'Appointments'),
             (19, 'Repairs', 'My Facility Appointments'), (20, 'Replacements', 'My Facility Appointments')) AS v(id, name, page)
WHERE EXISTS (SELECT 1 FROM "object_names" WHERE "id" = 5)
  AND EXISTS (SELECT 1 FROM "setting_value_lists" WHERE "id" = 3)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('attribute_names', 'id'), greatest((SELECT max("id") FROM "attribute_names"), 1));
