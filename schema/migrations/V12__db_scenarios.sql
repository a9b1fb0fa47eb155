-- The database scenarios beside db (issue 13; payload v2's cell.scenario enum, additively): queries (/queries?n=20),
-- updates (/updates?n=5) and fortunes. V1's check named only db, so the first run measuring them was refused with a
-- 500 (2026-11-25); the check now names every scenario the v2 schema allows.
alter table cells drop constraint cells_scenario_check;
alter table cells add constraint cells_scenario_check
    check (scenario in ('plaintext', 'json', 'proxy', 'delay', 'db', 'queries', 'updates', 'fortunes'));
