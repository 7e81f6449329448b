-- Each value's row of facet_counts also lists the items that hold it (those the owner may see, level 3
-- at most), as " id id … ", while they are at most 6,000 (FACET_ITEMS_CAP in collections.schema.ts);
-- past that the list is NULL, and stays so (NULL || anything is NULL) until the value's row goes. A
-- narrowed list reads its matches from these lists, one row a value (items.queries.ts, listedMatches).
-- Writing them costs no row more: the triggers already write that row.
ALTER TABLE `facet_counts` ADD `items` text;--> statement-breakpoint
DROP TRIGGER `facet_counts_insert`;--> statement-breakpoint
CREATE TRIGGER `facet_counts_insert` AFTER INSERT ON `item_values`
WHEN NOT EXISTS (SELECT 1 FROM `counts_deferred`) AND (SELECT `filterable` FROM `properties` WHERE `id` = new.property_id) = 1 BEGIN
	INSERT INTO `facet_counts` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`, `items`)
	VALUES (new.property_id, coalesce(new.sort_text, CAST(new.sort_number AS TEXT)), new.value, new.sort_number,
		new.level = 0, new.level <= 1, new.level <= 3, CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Every expression here reads the row as it was: count_owner is the list's length before this one.
		`items` = CASE WHEN excluded.count_owner = 0 THEN `items` WHEN `count_owner` >= 6000 THEN NULL ELSE `items` || new.item_id || ' ' END;
END;
--> statement-breakpoint
DROP TRIGGER `facet_counts_delete`;--> statement-breakpoint
CREATE TRIGGER `facet_counts_delete` AFTER DELETE ON `item_values`
WHEN (SELECT `filterable` FROM `properties` WHERE `id` = old.property_id) = 1 BEGIN
	UPDATE `facet_counts` SET
		`count_everyone` = `count_everyone` - (old.level = 0),
		`count_logged_in` = `count_logged_in` - (old.level <= 1),
		`count_owner` = `count_owner` - (old.level <= 3),
		-- One occurrence of the item goes (an item holding the value twice is listed twice, as it is counted).
		`items` = CASE WHEN old.level > 3 OR instr(`items`, ' ' || old.item_id || ' ') = 0 THEN `items`
			ELSE substr(`items`, 1, instr(`items`, ' ' || old.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || old.item_id || ' ') + length(old.item_id) + 2) END
	WHERE `property_id` = old.property_id AND `sort_key` = coalesce(old.sort_text, CAST(old.sort_number AS TEXT));
	-- The owner's count includes the others', so at zero nobody counts this value any more.
	DELETE FROM `facet_counts`
	WHERE `property_id` = old.property_id AND `sort_key` = coalesce(old.sort_text, CAST(old.sort_number AS TEXT))
		AND `count_owner` <= 0;
END;
--> statement-breakpoint
DROP TRIGGER `facet_counts_level`;--> statement-breakpoint
CREATE TRIGGER `facet_counts_level` AFTER UPDATE OF `level` ON `item_values`
WHEN old.level <> new.level AND (SELECT `filterable` FROM `properties` WHERE `id` = new.property_id) = 1 BEGIN
	-- An upsert: a value that only level-4 items held has no row yet.
	INSERT INTO `facet_counts` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`, `items`)
	VALUES (new.property_id, coalesce(new.sort_text, CAST(new.sort_number AS TEXT)), new.value, new.sort_number,
		(new.level = 0) - (old.level = 0), (new.level <= 1) - (old.level <= 1), (new.level <= 3) - (old.level <= 3),
		CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only while the owner may see it (level 3 at most).
		`items` = CASE
			WHEN (old.level <= 3) = (new.level <= 3) THEN `items`
			WHEN new.level <= 3 THEN CASE WHEN `count_owner` >= 6000 THEN NULL ELSE `items` || new.item_id || ' ' END
			WHEN instr(`items`, ' ' || new.item_id || ' ') = 0 THEN `items`
			ELSE substr(`items`, 1, instr(`items`, ' ' || new.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || new.item_id || ' ') + length(new.item_id) + 2) END;
END;
--> statement-breakpoint
-- The lists of the values already counted, from their values (one pass over them).
UPDATE `facet_counts` SET `items` = g.`items` FROM (
	SELECT v.`property_id` AS pid, coalesce(v.`sort_text`, CAST(v.`sort_number` AS TEXT)) AS k, ' ' || group_concat(v.`item_id`, ' ') || ' ' AS `items`
	FROM `item_values` v WHERE v.`level` <= 3 AND v.`property_id` IN (SELECT `id` FROM `properties` WHERE `filterable` = 1)
	GROUP BY 1, 2 HAVING count(*) <= 6000
) g WHERE `facet_counts`.`property_id` = g.pid AND `facet_counts`.`sort_key` = g.k;--> statement-breakpoint
UPDATE `facet_counts` SET `items` = ' ' WHERE `items` IS NULL AND `count_owner` = 0;
