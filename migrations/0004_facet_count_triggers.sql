-- Facet counts follow item_values: one more (or one less) item per value of a filterable property, at
-- the item's level (copied into item_values.level). Items at level 4 count for nobody.
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
