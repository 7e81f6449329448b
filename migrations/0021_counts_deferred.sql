CREATE TABLE `counts_deferred` (
	`id` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- As in migrations 0002 and 0014, but standing aside while counts_deferred holds a row: an import step
-- then counts its items and values itself, once per collection and per distinct value, in the same
-- batch (items.writer.ts, importWrites).
DROP TRIGGER `items_count_insert`;--> statement-breakpoint
CREATE TRIGGER `items_count_insert` AFTER INSERT ON `items` WHEN NOT EXISTS (SELECT 1 FROM `counts_deferred`) BEGIN
	UPDATE `collections` SET
		`count_everyone` = `count_everyone` + (new.level = 0),
		`count_logged_in` = `count_logged_in` + (new.level <= 1),
		`count_owner` = `count_owner` + (new.level <= 3)
	WHERE `id` = new.collection_id;
END;
--> statement-breakpoint
DROP TRIGGER `facet_counts_insert`;--> statement-breakpoint
CREATE TRIGGER `facet_counts_insert` AFTER INSERT ON `item_values`
WHEN NOT EXISTS (SELECT 1 FROM `counts_deferred`) AND (SELECT `filterable` FROM `properties` WHERE `id` = new.property_id) = 1 BEGIN
	INSERT INTO `facet_counts` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`)
	VALUES (new.property_id, coalesce(new.sort_text, CAST(new.sort_number AS TEXT)), new.value, new.sort_number,
		new.level = 0, new.level <= 1, new.level <= 3)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_owner` = `count_owner` + excluded.count_owner;
END;
