-- The spans of a number (or a date-time) of many values (features/items/facet-spans.ts): once a range
-- over the property finds more values than a page reads, the property gets a width, a power of ten
-- (`span_width`, chosen from its values' spread), and its values are kept in spans of that width, ten
-- times it and a hundred times it: facet_spans rows keyed "n0 …", "n1 …" and "n2 …" and a sixteen-digit
-- span number (the value divided by the width, rounded down, plus 10^15 so that the key's order is the
-- numbers'; the wider spans' numbers are that divided by 10 and by 100). They are kept as a date's
-- months and years are (migration 0031), by the triggers below, for the filterable properties that have
-- a width: three rows more a value for them alone, none for a property of few values. A range then
-- reads the values at its ends, at most nine spans of each width beside them, and the widest between.
-- (A span has no value of its own: `value` is JSON null. Imports write through these triggers.)
ALTER TABLE `properties` ADD `span_width` real;--> statement-breakpoint
CREATE TRIGGER `facet_spans_number_insert` AFTER INSERT ON `item_values`
WHEN new.sort_number IS NOT NULL AND (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id AND `filterable` = 1) IS NOT NULL BEGIN
	-- The span of the property's width.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`, `items`)
	VALUES (new.property_id, 'n0 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 1), 'null', NULL,
		new.level = 0, new.level <= 1, new.level <= 3, CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only when the owner may see it (level 3 at most); a list not kept (NULL) stays so.
		`items` = CASE WHEN excluded.count_owner = 0 THEN `items` ELSE `items` || new.item_id || ' ' END;
	-- Ten times as wide.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`, `items`)
	VALUES (new.property_id, 'n1 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 10), 'null', NULL,
		new.level = 0, new.level <= 1, new.level <= 3, CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only when the owner may see it (level 3 at most); a list not kept (NULL) stays so.
		`items` = CASE WHEN excluded.count_owner = 0 THEN `items` ELSE `items` || new.item_id || ' ' END;
	-- A hundred times as wide.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`, `items`)
	VALUES (new.property_id, 'n2 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 100), 'null', NULL,
		new.level = 0, new.level <= 1, new.level <= 3, CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only when the owner may see it (level 3 at most); a list not kept (NULL) stays so.
		`items` = CASE WHEN excluded.count_owner = 0 THEN `items` ELSE `items` || new.item_id || ' ' END;
END;
--> statement-breakpoint
CREATE TRIGGER `facet_spans_number_delete` AFTER DELETE ON `item_values`
WHEN old.sort_number IS NOT NULL AND (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id AND `filterable` = 1) IS NOT NULL BEGIN
	-- The span of the property's width.
	-- Not among the newest: out of the first closed chunk that holds it.
	UPDATE `facet_item_chunks` SET `items` = substr(`items`, 1, instr(`items`, ' ' || old.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || old.item_id || ' ') + length(old.item_id) + 2)
	WHERE old.level <= 3 AND `property_id` = old.property_id AND `sort_key` = 'n0 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 1)
		AND instr((SELECT `items` FROM `facet_spans` WHERE `property_id` = old.property_id AND `sort_key` = 'n0 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 1)), ' ' || old.item_id || ' ') = 0
		AND `seq` = (SELECT min(c.`seq`) FROM `facet_item_chunks` c WHERE c.`property_id` = old.property_id AND c.`sort_key` = 'n0 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 1)
			AND instr(c.`items`, ' ' || old.item_id || ' ') > 0);
	UPDATE `facet_spans` SET
		`count_everyone` = `count_everyone` - (old.level = 0),
		`count_logged_in` = `count_logged_in` - (old.level <= 1),
		`count_owner` = `count_owner` - (old.level <= 3),
		-- One occurrence of the item goes (an item holding the value twice is listed twice, as it is counted).
		`items` = CASE WHEN old.level > 3 OR instr(`items`, ' ' || old.item_id || ' ') = 0 THEN `items`
			ELSE substr(`items`, 1, instr(`items`, ' ' || old.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || old.item_id || ' ') + length(old.item_id) + 2) END
	WHERE `property_id` = old.property_id AND `sort_key` = 'n0 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 1);
	-- The owner's count includes the others', so at zero nobody counts this value any more.
	DELETE FROM `facet_spans`
	WHERE `property_id` = old.property_id AND `sort_key` = 'n0 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 1)
		AND `count_owner` <= 0;
	-- Ten times as wide.
	-- Not among the newest: out of the first closed chunk that holds it.
	UPDATE `facet_item_chunks` SET `items` = substr(`items`, 1, instr(`items`, ' ' || old.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || old.item_id || ' ') + length(old.item_id) + 2)
	WHERE old.level <= 3 AND `property_id` = old.property_id AND `sort_key` = 'n1 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 10)
		AND instr((SELECT `items` FROM `facet_spans` WHERE `property_id` = old.property_id AND `sort_key` = 'n1 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 10)), ' ' || old.item_id || ' ') = 0
		AND `seq` = (SELECT min(c.`seq`) FROM `facet_item_chunks` c WHERE c.`property_id` = old.property_id AND c.`sort_key` = 'n1 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 10)
			AND instr(c.`items`, ' ' || old.item_id || ' ') > 0);
	UPDATE `facet_spans` SET
		`count_everyone` = `count_everyone` - (old.level = 0),
		`count_logged_in` = `count_logged_in` - (old.level <= 1),
		`count_owner` = `count_owner` - (old.level <= 3),
		-- One occurrence of the item goes (an item holding the value twice is listed twice, as it is counted).
		`items` = CASE WHEN old.level > 3 OR instr(`items`, ' ' || old.item_id || ' ') = 0 THEN `items`
			ELSE substr(`items`, 1, instr(`items`, ' ' || old.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || old.item_id || ' ') + length(old.item_id) + 2) END
	WHERE `property_id` = old.property_id AND `sort_key` = 'n1 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 10);
	-- The owner's count includes the others', so at zero nobody counts this value any more.
	DELETE FROM `facet_spans`
	WHERE `property_id` = old.property_id AND `sort_key` = 'n1 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 10)
		AND `count_owner` <= 0;
	-- A hundred times as wide.
	-- Not among the newest: out of the first closed chunk that holds it.
	UPDATE `facet_item_chunks` SET `items` = substr(`items`, 1, instr(`items`, ' ' || old.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || old.item_id || ' ') + length(old.item_id) + 2)
	WHERE old.level <= 3 AND `property_id` = old.property_id AND `sort_key` = 'n2 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 100)
		AND instr((SELECT `items` FROM `facet_spans` WHERE `property_id` = old.property_id AND `sort_key` = 'n2 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 100)), ' ' || old.item_id || ' ') = 0
		AND `seq` = (SELECT min(c.`seq`) FROM `facet_item_chunks` c WHERE c.`property_id` = old.property_id AND c.`sort_key` = 'n2 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 100)
			AND instr(c.`items`, ' ' || old.item_id || ' ') > 0);
	UPDATE `facet_spans` SET
		`count_everyone` = `count_everyone` - (old.level = 0),
		`count_logged_in` = `count_logged_in` - (old.level <= 1),
		`count_owner` = `count_owner` - (old.level <= 3),
		-- One occurrence of the item goes (an item holding the value twice is listed twice, as it is counted).
		`items` = CASE WHEN old.level > 3 OR instr(`items`, ' ' || old.item_id || ' ') = 0 THEN `items`
			ELSE substr(`items`, 1, instr(`items`, ' ' || old.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || old.item_id || ' ') + length(old.item_id) + 2) END
	WHERE `property_id` = old.property_id AND `sort_key` = 'n2 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 100);
	-- The owner's count includes the others', so at zero nobody counts this value any more.
	DELETE FROM `facet_spans`
	WHERE `property_id` = old.property_id AND `sort_key` = 'n2 ' || printf('%016d', (CAST(floor(old.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = old.property_id)) AS INTEGER) + 1000000000000000) / 100)
		AND `count_owner` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `facet_spans_number_level` AFTER UPDATE OF `level` ON `item_values`
WHEN old.level <> new.level AND new.sort_number IS NOT NULL AND (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id AND `filterable` = 1) IS NOT NULL BEGIN
	-- The span of the property's width.
	-- Hidden from the owner now, and not among the newest: out of the first closed chunk that holds it.
	UPDATE `facet_item_chunks` SET `items` = substr(`items`, 1, instr(`items`, ' ' || new.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || new.item_id || ' ') + length(new.item_id) + 2)
	WHERE old.level <= 3 AND new.level > 3 AND `property_id` = new.property_id AND `sort_key` = 'n0 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 1)
		AND instr((SELECT `items` FROM `facet_spans` WHERE `property_id` = new.property_id AND `sort_key` = 'n0 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 1)), ' ' || new.item_id || ' ') = 0
		AND `seq` = (SELECT min(c.`seq`) FROM `facet_item_chunks` c WHERE c.`property_id` = new.property_id AND c.`sort_key` = 'n0 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 1)
			AND instr(c.`items`, ' ' || new.item_id || ' ') > 0);
	-- An upsert: a value that only level-4 items held has no row yet.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`, `items`)
	VALUES (new.property_id, 'n0 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 1), 'null', NULL,
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
	-- Ten times as wide.
	-- Hidden from the owner now, and not among the newest: out of the first closed chunk that holds it.
	UPDATE `facet_item_chunks` SET `items` = substr(`items`, 1, instr(`items`, ' ' || new.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || new.item_id || ' ') + length(new.item_id) + 2)
	WHERE old.level <= 3 AND new.level > 3 AND `property_id` = new.property_id AND `sort_key` = 'n1 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 10)
		AND instr((SELECT `items` FROM `facet_spans` WHERE `property_id` = new.property_id AND `sort_key` = 'n1 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 10)), ' ' || new.item_id || ' ') = 0
		AND `seq` = (SELECT min(c.`seq`) FROM `facet_item_chunks` c WHERE c.`property_id` = new.property_id AND c.`sort_key` = 'n1 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 10)
			AND instr(c.`items`, ' ' || new.item_id || ' ') > 0);
	-- An upsert: a value that only level-4 items held has no row yet.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`, `items`)
	VALUES (new.property_id, 'n1 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 10), 'null', NULL,
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
	-- A hundred times as wide.
	-- Hidden from the owner now, and not among the newest: out of the first closed chunk that holds it.
	UPDATE `facet_item_chunks` SET `items` = substr(`items`, 1, instr(`items`, ' ' || new.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || new.item_id || ' ') + length(new.item_id) + 2)
	WHERE old.level <= 3 AND new.level > 3 AND `property_id` = new.property_id AND `sort_key` = 'n2 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 100)
		AND instr((SELECT `items` FROM `facet_spans` WHERE `property_id` = new.property_id AND `sort_key` = 'n2 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 100)), ' ' || new.item_id || ' ') = 0
		AND `seq` = (SELECT min(c.`seq`) FROM `facet_item_chunks` c WHERE c.`property_id` = new.property_id AND c.`sort_key` = 'n2 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 100)
			AND instr(c.`items`, ' ' || new.item_id || ' ') > 0);
	-- An upsert: a value that only level-4 items held has no row yet.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_owner`, `items`)
	VALUES (new.property_id, 'n2 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 100), 'null', NULL,
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

