-- Door-side daily figures per site (issue 35): a passage counts on its door's site's local day,
-- so a site filter can read one site's days; readers of the organisation's figures sum the sites.
-- Every day counted so far was the organisation's (its first site's) day. A removed site's
-- figures go with it, as its holidays do.
ALTER TABLE access_daily_counts
  ADD COLUMN site_id integer NOT NULL DEFAULT first_site() REFERENCES sites (id) ON DELETE CASCADE;
ALTER TABLE access_daily_counts DROP CONSTRAINT access_daily_counts_pkey;
ALTER TABLE access_daily_counts ADD PRIMARY KEY (day, site_id);
-- People counting needs no change: counting_hourly is keyed by UTC hour, and its readers choose
-- the zone a day is read in.
