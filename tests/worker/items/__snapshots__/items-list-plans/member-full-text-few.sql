SELECT s.rowid AS id, (i.collection_id = ? AND i.level <= ?) AS ok, i.created_at AS created, i.created_at AS value, (SELECT id FROM items WHERE collection_id = 1 ORDER BY created_at ASC, id ASC LIMIT 1) AS lo, (SELECT id FROM items WHERE collection_id = 1 ORDER BY created_at DESC, id DESC LIMIT 1) AS hi FROM (SELECT rowid FROM items_search WHERE items_search MATCH ? ORDER BY rowid LIMIT 21 OFFSET 0) s CROSS JOIN items i ON i.id = s.rowid

SELECT i.*, i.lent_copies AS lent FROM (VALUES (41),(21),(1)) byid CROSS JOIN items i ON i.id = byid.column1
