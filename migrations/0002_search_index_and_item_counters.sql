-- Full-text search over items: one row per item (rowid = items.id), its searchable text split by who
-- may see it, so a search never matches on a property the caller cannot see. `facets` holds one token
-- per value of each filterable property, so search and filters intersect inside the index and a page
-- costs about the size of its matches. detail=column keeps which column matched but not word
-- positions (searches are words and prefixes, never phrases), so the index stays small and quick to
-- read. Filled by the Worker when it writes an item; removed here when the item goes (including
-- through cascades).
CREATE VIRTUAL TABLE `items_search` USING fts5(
	`everyone`,
	`logged_in`,
	`owner`,
	`facets`,
	detail = column,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER `items_search_delete` AFTER DELETE ON `items` BEGIN
	DELETE FROM `items_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
-- Item counters of collections (visible to everyone / signed-in users / the owner), so lists never
-- count rows. Level 4 ("Nobody") items are in none of them.
CREATE TRIGGER `items_count_insert` AFTER INSERT ON `items` BEGIN
	UPDATE `collections` SET
		`count_everyone` = `count_everyone` + (new.level = 0),
		`count_logged_in` = `count_logged_in` + (new.level <= 1),
		`count_owner` = `count_owner` + (new.level <= 3)
	WHERE `id` = new.collection_id;
END;
--> statement-breakpoint
CREATE TRIGGER `items_count_delete` AFTER DELETE ON `items` BEGIN
	UPDATE `collections` SET
		`count_everyone` = `count_everyone` - (old.level = 0),
		`count_logged_in` = `count_logged_in` - (old.level <= 1),
		`count_owner` = `count_owner` - (old.level <= 3)
	WHERE `id` = old.collection_id;
END;
--> statement-breakpoint
CREATE TRIGGER `items_count_update` AFTER UPDATE OF `level` ON `items` WHEN old.level <> new.level BEGIN
	UPDATE `collections` SET
		`count_everyone` = `count_everyone` - (old.level = 0) + (new.level = 0),
		`count_logged_in` = `count_logged_in` - (old.level <= 1) + (new.level <= 1),
		`count_owner` = `count_owner` - (old.level <= 3) + (new.level <= 3)
	WHERE `id` = new.collection_id;
END;
--> statement-breakpoint
-- Serving a media file checks that some visible value references it: this finds the values by address.
CREATE INDEX `item_values_media_idx` ON `item_values` (`sort_text`) WHERE `sort_text` LIKE 'media://%';
