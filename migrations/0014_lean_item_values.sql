-- Lean value rows: each value now costs one row written, plus one for the sort index only when its
-- property is sortable (it cost four: the row, its rowid table's primary-key index, and two indexes
-- holding every value).
-- - WITHOUT ROWID: the table is its own primary-key b-tree (item, property, position).
-- - `sortable` copies the property's flag; the two sort indexes are partial and hold only those values.
--   Reads that walk them name the same conditions (items.queries.ts), and a property that becomes
--   sortable or stops sets the flag on its values (properties.routes.ts).
-- - No foreign key to properties: it needed a full scan of the values on every property deletion (no
--   index starts with property_id any more). Deleting a property deletes its values in the same batch.
-- The triggers that name item_values are dropped before the table is and created again as they were.
DROP TRIGGER `facet_counts_insert`;--> statement-breakpoint
DROP TRIGGER `facet_counts_delete`;--> statement-breakpoint
DROP TRIGGER `facet_counts_level`;--> statement-breakpoint
DROP TRIGGER `item_values_level`;--> statement-breakpoint
CREATE TABLE `item_values_lean` (
	`item_id` integer NOT NULL,
	`property_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`value` text NOT NULL,
	`sort_text` text,
	`natural_key` text,
	`sort_number` real,
	`level` integer DEFAULT 0 NOT NULL,
	`sortable` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`item_id`, `property_id`, `position`),
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `item_values_lean` (`item_id`, `property_id`, `position`, `value`, `sort_text`, `natural_key`, `sort_number`, `level`, `sortable`)
SELECT v.`item_id`, v.`property_id`, v.`position`, v.`value`, v.`sort_text`, v.`natural_key`, v.`sort_number`, v.`level`, p.`sortable`
FROM `item_values` v JOIN `properties` p ON p.`id` = v.`property_id`;--> statement-breakpoint
DROP TABLE `item_values`;--> statement-breakpoint
ALTER TABLE `item_values_lean` RENAME TO `item_values`;--> statement-breakpoint
CREATE INDEX `item_values_property_number_idx` ON `item_values` (`property_id`,`sort_number`) WHERE `sortable` = 1 AND `sort_number` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `item_values_property_natural_idx` ON `item_values` (`property_id`,`natural_key`) WHERE `sortable` = 1 AND `natural_key` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `item_values_media_idx` ON `item_values` (`sort_text`) WHERE `sort_text` LIKE 'media://%';--> statement-breakpoint
CREATE TRIGGER `facet_counts_insert` AFTER INSERT ON `item_values`
WHEN (SELECT `filterable` FROM `properties` WHERE `id` = new.property_id) = 1 BEGIN
	INSERT INTO `facet_counts` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`)
	VALUES (new.property_id, coalesce(new.sort_text, CAST(new.sort_number AS TEXT)), new.value, new.sort_number,
		new.level = 0, new.level <= 1, new.level <= 3)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_owner` = `count_owner` + excluded.count_owner;
END;
--> statement-breakpoint
CREATE TRIGGER `facet_counts_delete` AFTER DELETE ON `item_values`
WHEN (SELECT `filterable` FROM `properties` WHERE `id` = old.property_id) = 1 BEGIN
	UPDATE `facet_counts` SET
		`count_everyone` = `count_everyone` - (old.level = 0),
		`count_logged_in` = `count_logged_in` - (old.level <= 1),
		`count_owner` = `count_owner` - (old.level <= 3)
	WHERE `property_id` = old.property_id AND `sort_key` = coalesce(old.sort_text, CAST(old.sort_number AS TEXT));
	-- The owner's count includes the others', so at zero nobody counts this value any more.
	DELETE FROM `facet_counts`
	WHERE `property_id` = old.property_id AND `sort_key` = coalesce(old.sort_text, CAST(old.sort_number AS TEXT))
		AND `count_owner` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `facet_counts_level` AFTER UPDATE OF `level` ON `item_values`
WHEN old.level <> new.level AND (SELECT `filterable` FROM `properties` WHERE `id` = new.property_id) = 1 BEGIN
	-- An upsert: a value that only level-4 items held has no row yet.
	INSERT INTO `facet_counts` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`)
	VALUES (new.property_id, coalesce(new.sort_text, CAST(new.sort_number AS TEXT)), new.value, new.sort_number,
		(new.level = 0) - (old.level = 0), (new.level <= 1) - (old.level <= 1), (new.level <= 3) - (old.level <= 3))
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_owner` = `count_owner` + excluded.count_owner;
END;
--> statement-breakpoint
-- An item's level is copied to its values, which moves its facet counts.
CREATE TRIGGER `item_values_level` AFTER UPDATE OF `level` ON `items` WHEN old.level <> new.level BEGIN
	UPDATE `item_values` SET `level` = new.level WHERE `item_id` = new.id;
END;
--> statement-breakpoint
-- What the foreign key to properties did for writes: a value for a property deleted meanwhile is
-- refused (the Worker answers 409 DELETED_MEANWHILE). AFTER, so it sees what BEFORE triggers did.
CREATE TRIGGER `item_values_property_exists` AFTER INSERT ON `item_values`
WHEN NOT EXISTS (SELECT 1 FROM `properties` WHERE `id` = new.property_id) BEGIN
	SELECT RAISE(ABORT, 'DELETED_MEANWHILE');
END;
--> statement-breakpoint
-- A value written while its property's sortable flag changed takes the flag the property has now (the
-- writer copies it from the property as it read it). Costs a write only in that race.
CREATE TRIGGER `item_values_sortable_follows` AFTER INSERT ON `item_values`
WHEN new.sortable <> (SELECT `sortable` FROM `properties` WHERE `id` = new.property_id) BEGIN
	UPDATE `item_values` SET `sortable` = NOT new.sortable
	WHERE `item_id` = new.item_id AND `property_id` = new.property_id AND `position` = new.position;
END;
