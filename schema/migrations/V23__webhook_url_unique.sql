-- One webhook per receiver URL (issue 44): eight identical registrations sent at once stored eight webhooks, and a
-- receiver registered twice got every change point twice, under two secrets. A second registration of a URL is now
-- refused (409 naming url); the unique key makes that hold when the registrations race, and across replicas.
--
-- A database that already holds several webhooks of one URL keeps the newest of them (its secret is the one an admin
-- was shown last); the older ones are removed with their deliveries and attempts (on delete cascade).
delete from webhooks older
    using webhooks newer
    where newer.url = older.url and newer.id > older.id;

alter table webhooks add constraint webhooks_url_key unique (url);
