UPDATE loans SET state = ?, rejected_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), response = ?, version = version + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND owner_id = ? AND state IN (SELECT value FROM json_each(?)) AND (? IS NULL OR version = ?) RETURNING id
-- ?1 = "rejected"
-- ?2 = "Not this month"
-- ?3 = 13
-- ?4 = 7
-- ?5 = "[\"asked\",\"accepted\"]"
-- ?6 = null
-- ?7 = null
