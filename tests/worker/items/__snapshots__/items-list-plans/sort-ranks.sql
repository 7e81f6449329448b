SELECT (SELECT data -> '$.c' FROM sort_ranks WHERE collection_id = c.id) AS buckets, c.count_everyone AS c0, c.count_logged_in AS c1, c.count_shared AS c2, c.count_owner AS c3 FROM collections c WHERE c.id = ?

SELECT i.*, i.lent_copies AS lent, i.created_at AS sort_key FROM items i INDEXED BY items_collection_created_idx WHERE i.collection_id = ? AND i.level <= ? AND (i.created_at, i.id) < (?, ?) ORDER BY i.created_at DESC, i.id DESC LIMIT ? OFFSET ?
