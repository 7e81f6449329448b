-- The spans of a date property (features/items/facet-spans.ts): for each month and each year its values
-- fall in, a row keyed "month 2015-03" or "year 2015" with the counts and the list of items of those
-- values, as a value's facet_counts row has them. They are kept as a value's row is: by these triggers,
-- the twins of migration 0029's, for the values of filterable properties that hold a date. A date range
-- over thousands of days then reads the days at its ends, the months beside them and the years between:
-- about a hundred rows, where its values take a row a day. The table has no rowid and no index but its
-- key, so keeping a span writes one row: a date value writes two more. Long lists close into
-- facet_item_chunks as values' do (a span's key, with a letter first, is never a value's).
CREATE TABLE `facet_spans` (
	`property_id` integer NOT NULL,
	`sort_key` text NOT NULL,
	`value` text NOT NULL,
	`sort_number` real,
	`count_everyone` integer DEFAULT 0 NOT NULL,
	`count_logged_in` integer DEFAULT 0 NOT NULL,
	`count_owner` integer DEFAULT 0 NOT NULL,
	`items` text,
	PRIMARY KEY(`property_id`, `sort_key`),
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
-- A span's newest items, once long enough, become a closed chunk (as a value's, migration 0032).
CREATE TRIGGER `facet_spans_close_insert` AFTER INSERT ON `facet_spans` WHEN length(new.items) > 32000 BEGIN
	INSERT INTO `facet_item_chunks` (`property_id`, `sort_key`, `seq`, `items`)
	VALUES (new.property_id, new.sort_key, coalesce((SELECT max(`seq`) FROM `facet_item_chunks` WHERE `property_id` = new.property_id AND `sort_key` = new.sort_key), 0) + 1, new.items);
	UPDATE `facet_spans` SET `items` = ' ' WHERE `property_id` = new.property_id AND `sort_key` = new.sort_key;
END;
--> statement-breakpoint
CREATE TRIGGER `facet_spans_close_update` AFTER UPDATE OF `items` ON `facet_spans` WHEN length(new.items) > 32000 BEGIN
	INSERT INTO `facet_item_chunks` (`property_id`, `sort_key`, `seq`, `items`)
	VALUES (new.property_id, new.sort_key, coalesce((SELECT max(`seq`) FROM `facet_item_chunks` WHERE `property_id` = new.property_id AND `sort_key` = new.sort_key), 0) + 1, new.items);
	UPDATE `facet_spans` SET `items` = ' ' WHERE `property_id` = new.property_id AND `sort_key` = new.sort_key;
END;
--> statement-breakpoint
-- A span nobody holds any more (or whose property went) takes its chunks with it.
CREATE TRIGGER `facet_spans_forget` AFTER DELETE ON `facet_spans` BEGIN
	DELETE FROM `facet_item_chunks` WHERE `property_id` = old.property_id AND `sort_key` = old.sort_key;
END;
--> statement-breakpoint
CREATE TRIGGER `facet_spans_insert` AFTER INSERT ON `item_values`
WHEN new.sort_number IS NOT NULL AND length(new.value) = 12 AND substr(new.value, 1, 1) = '"'
	AND NOT EXISTS (SELECT 1 FROM `counts_deferred`) AND (SELECT `filterable` FROM `properties` WHERE `id` = new.property_id) = 1 BEGIN
	-- The month.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`, `items`)
	VALUES (new.property_id, 'month ' || substr(new.value, 2, 7), json_quote(substr(new.value, 2, 7)), NULL,
		new.level = 0, new.level <= 1, new.level <= 3, CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only when the owner may see it (level 3 at most); a list not kept (NULL) stays so.
		`items` = CASE WHEN excluded.count_owner = 0 THEN `items` ELSE `items` || new.item_id || ' ' END;
	-- The year.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`, `items`)
	VALUES (new.property_id, 'year ' || substr(new.value, 2, 4), json_quote(substr(new.value, 2, 4)), NULL,
		new.level = 0, new.level <= 1, new.level <= 3, CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only when the owner may see it (level 3 at most); a list not kept (NULL) stays so.
		`items` = CASE WHEN excluded.count_owner = 0 THEN `items` ELSE `items` || new.item_id || ' ' END;
END;
--> statement-breakpoint
CREATE TRIGGER `facet_spans_delete` AFTER DELETE ON `item_values`
WHEN old.sort_number IS NOT NULL AND length(old.value) = 12 AND substr(old.value, 1, 1) = '"' AND (SELECT `filterable` FROM `properties` WHERE `id` = old.property_id) = 1 BEGIN
	-- The month.
	-- Not among the newest: out of the first closed chunk that holds it.
	UPDATE `facet_item_chunks` SET `items` = substr(`items`, 1, instr(`items`, ' ' || old.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || old.item_id || ' ') + length(old.item_id) + 2)
	WHERE old.level <= 3 AND `property_id` = old.property_id AND `sort_key` = 'month ' || substr(old.value, 2, 7)
		AND instr((SELECT `items` FROM `facet_spans` WHERE `property_id` = old.property_id AND `sort_key` = 'month ' || substr(old.value, 2, 7)), ' ' || old.item_id || ' ') = 0
		AND `seq` = (SELECT min(c.`seq`) FROM `facet_item_chunks` c WHERE c.`property_id` = old.property_id AND c.`sort_key` = 'month ' || substr(old.value, 2, 7)
			AND instr(c.`items`, ' ' || old.item_id || ' ') > 0);
	UPDATE `facet_spans` SET
		`count_everyone` = `count_everyone` - (old.level = 0),
		`count_logged_in` = `count_logged_in` - (old.level <= 1),
		`count_owner` = `count_owner` - (old.level <= 3),
		-- One occurrence of the item goes (an item holding the value twice is listed twice, as it is counted).
		`items` = CASE WHEN old.level > 3 OR instr(`items`, ' ' || old.item_id || ' ') = 0 THEN `items`
			ELSE substr(`items`, 1, instr(`items`, ' ' || old.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || old.item_id || ' ') + length(old.item_id) + 2) END
	WHERE `property_id` = old.property_id AND `sort_key` = 'month ' || substr(old.value, 2, 7);
	-- The owner's count includes the others', so at zero nobody counts this value any more.
	DELETE FROM `facet_spans`
	WHERE `property_id` = old.property_id AND `sort_key` = 'month ' || substr(old.value, 2, 7)
		AND `count_owner` <= 0;
	-- The year.
	-- Not among the newest: out of the first closed chunk that holds it.
	UPDATE `facet_item_chunks` SET `items` = substr(`items`, 1, instr(`items`, ' ' || old.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || old.item_id || ' ') + length(old.item_id) + 2)
	WHERE old.level <= 3 AND `property_id` = old.property_id AND `sort_key` = 'year ' || substr(old.value, 2, 4)
		AND instr((SELECT `items` FROM `facet_spans` WHERE `property_id` = old.property_id AND `sort_key` = 'year ' || substr(old.value, 2, 4)), ' ' || old.item_id || ' ') = 0
		AND `seq` = (SELECT min(c.`seq`) FROM `facet_item_chunks` c WHERE c.`property_id` = old.property_id AND c.`sort_key` = 'year ' || substr(old.value, 2, 4)
			AND instr(c.`items`, ' ' || old.item_id || ' ') > 0);
	UPDATE `facet_spans` SET
		`count_everyone` = `count_everyone` - (old.level = 0),
		`count_logged_in` = `count_logged_in` - (old.level <= 1),
		`count_owner` = `count_owner` - (old.level <= 3),
		-- One occurrence of the item goes (an item holding the value twice is listed twice, as it is counted).
		`items` = CASE WHEN old.level > 3 OR instr(`items`, ' ' || old.item_id || ' ') = 0 THEN `items`
			ELSE substr(`items`, 1, instr(`items`, ' ' || old.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || old.item_id || ' ') + length(old.item_id) + 2) END
	WHERE `property_id` = old.property_id AND `sort_key` = 'year ' || substr(old.value, 2, 4);
	-- The owner's count includes the others', so at zero nobody counts this value any more.
	DELETE FROM `facet_spans`
	WHERE `property_id` = old.property_id AND `sort_key` = 'year ' || substr(old.value, 2, 4)
		AND `count_owner` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `facet_spans_level` AFTER UPDATE OF `level` ON `item_values`
WHEN old.level <> new.level AND new.sort_number IS NOT NULL AND length(new.value) = 12 AND substr(new.value, 1, 1) = '"' AND (SELECT `filterable` FROM `properties` WHERE `id` = new.property_id) = 1 BEGIN
	-- The month.
	-- Hidden from the owner now, and not among the newest: out of the first closed chunk that holds it.
	UPDATE `facet_item_chunks` SET `items` = substr(`items`, 1, instr(`items`, ' ' || new.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || new.item_id || ' ') + length(new.item_id) + 2)
	WHERE old.level <= 3 AND new.level > 3 AND `property_id` = new.property_id AND `sort_key` = 'month ' || substr(new.value, 2, 7)
		AND instr((SELECT `items` FROM `facet_spans` WHERE `property_id` = new.property_id AND `sort_key` = 'month ' || substr(new.value, 2, 7)), ' ' || new.item_id || ' ') = 0
		AND `seq` = (SELECT min(c.`seq`) FROM `facet_item_chunks` c WHERE c.`property_id` = new.property_id AND c.`sort_key` = 'month ' || substr(new.value, 2, 7)
			AND instr(c.`items`, ' ' || new.item_id || ' ') > 0);
	-- An upsert: a value that only level-4 items held has no row yet.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`, `items`)
	VALUES (new.property_id, 'month ' || substr(new.value, 2, 7), json_quote(substr(new.value, 2, 7)), NULL,
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
	-- The year.
	-- Hidden from the owner now, and not among the newest: out of the first closed chunk that holds it.
	UPDATE `facet_item_chunks` SET `items` = substr(`items`, 1, instr(`items`, ' ' || new.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || new.item_id || ' ') + length(new.item_id) + 2)
	WHERE old.level <= 3 AND new.level > 3 AND `property_id` = new.property_id AND `sort_key` = 'year ' || substr(new.value, 2, 4)
		AND instr((SELECT `items` FROM `facet_spans` WHERE `property_id` = new.property_id AND `sort_key` = 'year ' || substr(new.value, 2, 4)), ' ' || new.item_id || ' ') = 0
		AND `seq` = (SELECT min(c.`seq`) FROM `facet_item_chunks` c WHERE c.`property_id` = new.property_id AND c.`sort_key` = 'year ' || substr(new.value, 2, 4)
			AND instr(c.`items`, ' ' || new.item_id || ' ') > 0);
	-- An upsert: a value that only level-4 items held has no row yet.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`, `items`)
	VALUES (new.property_id, 'year ' || substr(new.value, 2, 4), json_quote(substr(new.value, 2, 4)), NULL,
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
-- The spans of the dates already written (a long list becomes a span's first chunk through
-- facet_spans_close_insert). Past 200,000 items (FACET_ITEMS_WHOLE) a list is not kept, as for a value.
INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`, `items`)
SELECT v.`property_id`, g.grain || ' ' || substr(v.`value`, 2, g.width), json_quote(substr(v.`value`, 2, g.width)), NULL,
	sum(v.`level` = 0), sum(v.`level` <= 1), sum(v.`level` <= 3),
	CASE WHEN count(*) <= 200000 THEN ' ' || coalesce(group_concat(CASE WHEN v.`level` <= 3 THEN v.`item_id` END, ' ') || ' ', '') END
FROM `item_values` v CROSS JOIN (SELECT 'month' AS grain, 7 AS width UNION ALL SELECT 'year', 4) g
WHERE v.`property_id` IN (SELECT `id` FROM `properties` WHERE `filterable` = 1)
	AND v.`sort_number` IS NOT NULL AND length(v.`value`) = 12 AND substr(v.`value`, 1, 1) = '"'
GROUP BY 1, 2;
