-- Each value's row of facet_counts also lists the items that hold it (those the owner may see, level 3
-- at most), as " id id … ". The row keeps the newest of them (`items`); once that text passes 8,000
-- characters (about 1,000 ids) it moves into facet_item_chunks as a closed chunk, once a thousand
-- writes. A narrowed list reads its matches from these lists, a row a value and one more a thousand
-- items (items.queries.ts, listed plans). Writing them costs no row more: the triggers already write
-- the value's row. Taking an item out of a closed chunk writes that chunk.
ALTER TABLE `facet_counts` ADD `items` text;--> statement-breakpoint
CREATE TABLE `facet_item_chunks` (
	`property_id` integer NOT NULL,
	`sort_key` text NOT NULL,
	`seq` integer NOT NULL,
	`items` text NOT NULL,
	PRIMARY KEY(`property_id`, `sort_key`, `seq`)
) WITHOUT ROWID;--> statement-breakpoint
-- A value's newest items, once long enough, become a closed chunk (any write that lengthens them).
CREATE TRIGGER `facet_items_close_insert` AFTER INSERT ON `facet_counts` WHEN length(new.items) > 8000 BEGIN
	INSERT INTO `facet_item_chunks` (`property_id`, `sort_key`, `seq`, `items`)
	VALUES (new.property_id, new.sort_key, coalesce((SELECT max(`seq`) FROM `facet_item_chunks` WHERE `property_id` = new.property_id AND `sort_key` = new.sort_key), 0) + 1, new.items);
	UPDATE `facet_counts` SET `items` = ' ' WHERE `property_id` = new.property_id AND `sort_key` = new.sort_key;
END;
--> statement-breakpoint
CREATE TRIGGER `facet_items_close_update` AFTER UPDATE OF `items` ON `facet_counts` WHEN length(new.items) > 8000 BEGIN
	INSERT INTO `facet_item_chunks` (`property_id`, `sort_key`, `seq`, `items`)
	VALUES (new.property_id, new.sort_key, coalesce((SELECT max(`seq`) FROM `facet_item_chunks` WHERE `property_id` = new.property_id AND `sort_key` = new.sort_key), 0) + 1, new.items);
	UPDATE `facet_counts` SET `items` = ' ' WHERE `property_id` = new.property_id AND `sort_key` = new.sort_key;
END;
--> statement-breakpoint
-- A value nobody holds any more takes its chunks with it.
CREATE TRIGGER `facet_items_forget` AFTER DELETE ON `facet_counts` BEGIN
	DELETE FROM `facet_item_chunks` WHERE `property_id` = old.property_id AND `sort_key` = old.sort_key;
END;
--> statement-breakpoint
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
		-- Listed only when the owner may see it (level 3 at most); a list not kept (NULL) stays so.
		`items` = CASE WHEN excluded.count_owner = 0 THEN `items` ELSE `items` || new.item_id || ' ' END;
END;
--> statement-breakpoint
DROP TRIGGER `facet_counts_delete`;--> statement-breakpoint
CREATE TRIGGER `facet_counts_delete` AFTER DELETE ON `item_values`
WHEN (SELECT `filterable` FROM `properties` WHERE `id` = old.property_id) = 1 BEGIN
	-- Not among the newest: out of the first closed chunk that holds it.
	UPDATE `facet_item_chunks` SET `items` = substr(`items`, 1, instr(`items`, ' ' || old.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || old.item_id || ' ') + length(old.item_id) + 2)
	WHERE old.level <= 3 AND `property_id` = old.property_id AND `sort_key` = coalesce(old.sort_text, CAST(old.sort_number AS TEXT))
		AND instr((SELECT `items` FROM `facet_counts` WHERE `property_id` = old.property_id AND `sort_key` = coalesce(old.sort_text, CAST(old.sort_number AS TEXT))), ' ' || old.item_id || ' ') = 0
		AND `seq` = (SELECT min(c.`seq`) FROM `facet_item_chunks` c WHERE c.`property_id` = old.property_id AND c.`sort_key` = coalesce(old.sort_text, CAST(old.sort_number AS TEXT))
			AND instr(c.`items`, ' ' || old.item_id || ' ') > 0);
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
	-- Hidden from the owner now, and not among the newest: out of the first closed chunk that holds it.
	UPDATE `facet_item_chunks` SET `items` = substr(`items`, 1, instr(`items`, ' ' || new.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || new.item_id || ' ') + length(new.item_id) + 2)
	WHERE old.level <= 3 AND new.level > 3 AND `property_id` = new.property_id AND `sort_key` = coalesce(new.sort_text, CAST(new.sort_number AS TEXT))
		AND instr((SELECT `items` FROM `facet_counts` WHERE `property_id` = new.property_id AND `sort_key` = coalesce(new.sort_text, CAST(new.sort_number AS TEXT))), ' ' || new.item_id || ' ') = 0
		AND `seq` = (SELECT min(c.`seq`) FROM `facet_item_chunks` c WHERE c.`property_id` = new.property_id AND c.`sort_key` = coalesce(new.sort_text, CAST(new.sort_number AS TEXT))
			AND instr(c.`items`, ' ' || new.item_id || ' ') > 0);
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
			WHEN new.level <= 3 THEN `items` || new.item_id || ' '
			WHEN instr(`items`, ' ' || new.item_id || ' ') = 0 THEN `items`
			ELSE substr(`items`, 1, instr(`items`, ' ' || new.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || new.item_id || ' ') + length(new.item_id) + 2) END;
END;
--> statement-breakpoint
-- The lists of the values already counted, from their values (one pass over them); the long ones
-- become a value's first chunk (facet_items_close_update). Past 200,000 items (FACET_ITEMS_WHOLE) one
-- text would pass D1's 2 MB a value: such a list is not kept (NULL stays NULL, and is never read).
UPDATE `facet_counts` SET `items` = g.`items` FROM (
	SELECT v.`property_id` AS pid, coalesce(v.`sort_text`, CAST(v.`sort_number` AS TEXT)) AS k, ' ' || group_concat(v.`item_id`, ' ') || ' ' AS `items`
	FROM `item_values` v WHERE v.`level` <= 3 AND v.`property_id` IN (SELECT `id` FROM `properties` WHERE `filterable` = 1)
	GROUP BY 1, 2 HAVING count(*) <= 200000
) g WHERE `facet_counts`.`property_id` = g.pid AND `facet_counts`.`sort_key` = g.k;--> statement-breakpoint
UPDATE `facet_counts` SET `items` = ' ' WHERE `items` IS NULL AND `count_owner` = 0;
