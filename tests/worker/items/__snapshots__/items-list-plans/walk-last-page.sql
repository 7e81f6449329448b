SELECT i.*, i.lent_copies AS lent, g.created_at AS sort_key FROM item_sort_gaps g CROSS JOIN items i ON i.id = g.item_id WHERE g.property_id = ? AND i.collection_id = ? AND i.level <= ? ORDER BY g.created_at DESC, g.item_id DESC LIMIT ? OFFSET ?

SELECT i.*, i.lent_copies AS lent, s.sort_number AS sort_key FROM item_values s CROSS JOIN items i ON i.id = s.item_id WHERE s.property_id = ? AND s.position = 0 AND s.sortable = 1 AND s.sort_number IS NOT NULL AND i.collection_id = ? AND i.level <= ? ORDER BY s.sort_number ASC, s.item_id ASC LIMIT ? OFFSET ?
