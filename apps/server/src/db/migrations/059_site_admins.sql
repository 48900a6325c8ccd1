-- Site administrators (issue 35): an administrator with rows here administers only those sites'
-- people, devices, cameras and holidays; an administrator without any administers every site.
-- A site with site administrators cannot be removed (RESTRICT): cascading would leave someone
-- who had one site with none, which reads as every site.
CREATE TABLE site_admins (
  user_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_id  integer NOT NULL REFERENCES sites (id) ON DELETE RESTRICT,
  PRIMARY KEY (user_id, site_id)
);
CREATE INDEX site_admins_site_id_idx ON site_admins (site_id);
