SELECT (SELECT quantity FROM items WHERE id = ?) > (SELECT count(*) FROM loans WHERE item_id = ? AND state = 'lent') AS copy_left, r.reserved_from, r.reserved_to FROM (SELECT 1) LEFT JOIN loans r ON r.item_id = ? AND r.state = 'accepted' AND r.reserved_from IS NOT NULL AND r.id IS NOT ? AND r.reserved_to >= ? AND (? IS NULL OR r.reserved_from <= ?) ORDER BY r.reserved_from LIMIT 1
-- ?1 = 11
-- ?2 = 11
-- ?3 = 11
-- ?4 = null
-- ?5 = "2031-05-01"
-- ?6 = null
-- ?7 = null
