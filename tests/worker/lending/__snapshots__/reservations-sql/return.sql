UPDATE loans SET state = ?, returned_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), returned_on = coalesce(?, date('now')), version = version + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND owner_id = ? AND state IN (SELECT value FROM json_each(?)) AND (? IS NULL OR version = ?) RETURNING id
-- ?1 = "returned"
-- ?2 = "2031-06-01"
-- ?3 = 13
-- ?4 = 7
-- ?5 = "[\"lent\"]"
-- ?6 = null
-- ?7 = null
