-- A value's list of items (migration 0029) now closes a chunk past 32,000 characters (about 4,000 ids)
-- instead of 8,000, as a date's spans do (0031): a list is read at a row a value and one a chunk, so a
-- range over most of a large collection (95,000 items: 95 chunks) reads 24 rows for them. A write still
-- writes one row (the open list, up to 32,000 characters, or the chunk an item leaves). Chunks closed
-- before stay as they are.
DROP TRIGGER `facet_items_close_insert`;--> statement-breakpoint
CREATE TRIGGER `facet_items_close_insert` AFTER INSERT ON `facet_counts` WHEN length(new.items) > 32000 BEGIN
	INSERT INTO `facet_item_chunks` (`property_id`, `sort_key`, `seq`, `items`)
	VALUES (new.property_id, new.sort_key, coalesce((SELECT max(`seq`) FROM `facet_item_chunks` WHERE `property_id` = new.property_id AND `sort_key` = new.sort_key), 0) + 1, new.items);
	UPDATE `facet_counts` SET `items` = ' ' WHERE `property_id` = new.property_id AND `sort_key` = new.sort_key;
END;
--> statement-breakpoint
DROP TRIGGER `facet_items_close_update`;--> statement-breakpoint
CREATE TRIGGER `facet_items_close_update` AFTER UPDATE OF `items` ON `facet_counts` WHEN length(new.items) > 32000 BEGIN
	INSERT INTO `facet_item_chunks` (`property_id`, `sort_key`, `seq`, `items`)
	VALUES (new.property_id, new.sort_key, coalesce((SELECT max(`seq`) FROM `facet_item_chunks` WHERE `property_id` = new.property_id AND `sort_key` = new.sort_key), 0) + 1, new.items);
	UPDATE `facet_counts` SET `items` = ' ' WHERE `property_id` = new.property_id AND `sort_key` = new.sort_key;
END;
