-- Full administrators keep being full administrators: a person holding every permission key of the
-- spec (shell §6) gets the keys added since for the modules built later (activities, posts,
-- checklists), which their tenant's creation would have given them had the keys existed then.
UPDATE "person_permissions"
SET "permissions" = ARRAY(SELECT d.k FROM (SELECT DISTINCT k FROM unnest("permissions" || ARRAY['MANAGE_TASKS', 'MANAGE_POSTS', 'VIEW_CHECKLISTS', 'MANAGE_CHECKLISTS']::text[]) AS k) AS d ORDER BY d.k COLLATE "C")
WHERE "permissions" @> ARRAY['VIEW_HOME', 'VIEW_NOTIFICATIONS', 'VIEW_REPORTS', 'MANAGE_REPORTS', 'VIEW_WF', 'MANAGE_WF', 'VIEW_TASKS', 'VIEW_PEOPLE', 'MANAGE_PEOPLE', 'IMPERSONATE_USERS', 'VIEW_ORG_CHART', 'MANAGE_ORG_CHART', 'VIEW_ASSETS', 'MANAGE_ASSETS', 'ADMIN_ASSETS', 'MANAGE_DATA_SOURCES', 'MANAGE_DOCUMENTATIONS', 'VIEW_SETTINGS']::text[];
