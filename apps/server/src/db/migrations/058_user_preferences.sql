-- What each person chose to see (issue 35): the site the dashboard, attendance, access, video,
-- counting and reports screens are filtered to, remembered across devices. No row, or a null
-- site, means every site. A removed site is forgotten rather than blocking the removal.
CREATE TABLE user_preferences (
  user_id     integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  site_id     integer REFERENCES sites (id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
