-- Level 2 "Shared users" for items and properties: the owner and the people the collection is shared
-- with see them. Its members browse at that level, so every count kept per caller level gains its tier:
-- the collection's item counters and items with no copy left (count_shared, unavailable_shared), each
-- value's and each span's counts (count_shared, with an index as the other levels' have, for the filter
-- panel's first values), and the search index a column for the text of level-2 properties. The kept
-- lists need none: they list what the owner may see, and a page tests each item's level.
ALTER TABLE `collections` ADD `count_shared` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `unavailable_shared` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `facet_counts` ADD `count_shared` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `facet_counts_shared_idx` ON `facet_counts` (`property_id`,`count_shared`);--> statement-breakpoint
ALTER TABLE `facet_spans` ADD `count_shared` integer DEFAULT 0 NOT NULL;;
--> statement-breakpoint
-- The counters of the rows already written. Until now items and properties refused level 2, so the
-- signed-in counts are the members' but for any row at level 2, counted here all the same.
UPDATE `collections` SET `count_shared` = `count_logged_in`, `unavailable_shared` = `unavailable_logged_in`;--> statement-breakpoint
UPDATE `collections` SET
	`count_shared` = `count_shared` + (SELECT count(*) FROM `items` WHERE `collection_id` = `collections`.`id` AND `level` = 2),
	`unavailable_shared` = `unavailable_shared` + (SELECT count(*) FROM `items` WHERE `collection_id` = `collections`.`id` AND `level` = 2 AND `quantity` <= `lent_copies`)
WHERE `id` IN (SELECT `collection_id` FROM `items` WHERE `level` = 2);--> statement-breakpoint
UPDATE `facet_counts` SET `count_shared` = `count_logged_in`;--> statement-breakpoint
UPDATE `facet_counts` SET `count_shared` = `count_shared` + g.n FROM (
	SELECT v.`property_id` AS pid, coalesce(v.`sort_text`, CAST(v.`sort_number` AS TEXT)) AS k, count(*) AS n
	FROM `item_values` v WHERE v.`level` = 2 AND v.`property_id` IN (SELECT `id` FROM `properties` WHERE `filterable` = 1)
	GROUP BY 1, 2
) g WHERE `facet_counts`.`property_id` = g.pid AND `facet_counts`.`sort_key` = g.k;--> statement-breakpoint
UPDATE `facet_spans` SET `count_shared` = `count_logged_in`;--> statement-breakpoint
UPDATE `facet_spans` SET `count_shared` = `count_shared` + g.n FROM (
	SELECT s.pid, s.k, count(*) AS n FROM (
		SELECT v.`property_id` AS pid, 'month ' || substr(v.`value`, 2, 7) AS k FROM `item_values` v
		WHERE v.`level` = 2 AND v.`sort_number` IS NOT NULL AND length(v.`value`) = 12 AND substr(v.`value`, 1, 1) = '"'
		UNION ALL SELECT v.`property_id`, 'year ' || substr(v.`value`, 2, 4) FROM `item_values` v
		WHERE v.`level` = 2 AND v.`sort_number` IS NOT NULL AND length(v.`value`) = 12 AND substr(v.`value`, 1, 1) = '"'
		UNION ALL SELECT v.`property_id`, 'n' || w.grain || ' ' || printf('%016d', (CAST(floor(v.`sort_number` / p.`span_width`) AS INTEGER) + 1000000000000000) / w.width)
		FROM `item_values` v JOIN `properties` p ON p.`id` = v.`property_id` AND p.`span_width` IS NOT NULL
			CROSS JOIN (SELECT 0 AS grain, 1 AS width UNION ALL SELECT 1, 10 UNION ALL SELECT 2, 100) w
		WHERE v.`level` = 2 AND v.`sort_number` IS NOT NULL
	) s GROUP BY 1, 2
) g WHERE `facet_spans`.`property_id` = g.pid AND `facet_spans`.`sort_key` = g.k;--> statement-breakpoint
-- The search index gains the `shared` column: the text of level-2 properties, which members match on.
-- FTS5 takes no new column, so the index is written again, its rows as they were (none held level-2
-- text until now).
DROP TRIGGER `items_search_delete`;--> statement-breakpoint
CREATE VIRTUAL TABLE `items_search_tiered` USING fts5(
	`everyone`,
	`logged_in`,
	`shared`,
	`owner`,
	`facets`,
	detail = column,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);--> statement-breakpoint
INSERT INTO `items_search_tiered` (rowid, `everyone`, `logged_in`, `shared`, `owner`, `facets`)
SELECT rowid, `everyone`, `logged_in`, '', `owner`, `facets` FROM `items_search`;--> statement-breakpoint
DROP TABLE `items_search`;--> statement-breakpoint
ALTER TABLE `items_search_tiered` RENAME TO `items_search`;--> statement-breakpoint
CREATE TRIGGER `items_search_delete` AFTER DELETE ON `items` BEGIN
	DELETE FROM `items_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
-- The kept sort ranks count each bucket per level; they are built again with the members' count by the
-- hourly job (sort-ranks.job.ts), deep pages walking meanwhile.
DELETE FROM `sort_ranks`;--> statement-breakpoint
-- The triggers that keep the counts, as they were, with the members' tier (level 2 at most).
DROP TRIGGER `items_count_insert`;--> statement-breakpoint
CREATE TRIGGER `items_count_insert` AFTER INSERT ON `items` WHEN NOT EXISTS (SELECT 1 FROM `counts_deferred`) BEGIN
	UPDATE `collections` SET
		`count_everyone` = `count_everyone` + (new.level = 0),
		`count_logged_in` = `count_logged_in` + (new.level <= 1),
		`count_shared` = `count_shared` + (new.level <= 2),
		`count_owner` = `count_owner` + (new.level <= 3)
	WHERE `id` = new.collection_id;
END;
--> statement-breakpoint
DROP TRIGGER `items_count_delete`;--> statement-breakpoint
CREATE TRIGGER `items_count_delete` AFTER DELETE ON `items` BEGIN
	UPDATE `collections` SET
		`count_everyone` = `count_everyone` - (old.level = 0),
		`count_logged_in` = `count_logged_in` - (old.level <= 1),
		`count_shared` = `count_shared` - (old.level <= 2),
		`count_owner` = `count_owner` - (old.level <= 3)
	WHERE `id` = old.collection_id;
END;
--> statement-breakpoint
DROP TRIGGER `items_count_update`;--> statement-breakpoint
CREATE TRIGGER `items_count_update` AFTER UPDATE OF `level` ON `items` WHEN old.level <> new.level BEGIN
	UPDATE `collections` SET
		`count_everyone` = `count_everyone` - (old.level = 0) + (new.level = 0),
		`count_logged_in` = `count_logged_in` - (old.level <= 1) + (new.level <= 1),
		`count_shared` = `count_shared` - (old.level <= 2) + (new.level <= 2),
		`count_owner` = `count_owner` - (old.level <= 3) + (new.level <= 3)
	WHERE `id` = new.collection_id;
END;
--> statement-breakpoint
DROP TRIGGER `items_unavailable_insert`;--> statement-breakpoint
CREATE TRIGGER `items_unavailable_insert` AFTER INSERT ON `items` WHEN new.quantity <= new.lent_copies BEGIN
	UPDATE `collections` SET
		`unavailable_everyone` = `unavailable_everyone` + (new.level = 0),
		`unavailable_logged_in` = `unavailable_logged_in` + (new.level <= 1),
		`unavailable_shared` = `unavailable_shared` + (new.level <= 2),
		`unavailable_owner` = `unavailable_owner` + (new.level <= 3)
	WHERE `id` = new.collection_id;
END;
--> statement-breakpoint
DROP TRIGGER `items_unavailable_delete`;--> statement-breakpoint
CREATE TRIGGER `items_unavailable_delete` AFTER DELETE ON `items` WHEN old.quantity <= old.lent_copies BEGIN
	UPDATE `collections` SET
		`unavailable_everyone` = `unavailable_everyone` - (old.level = 0),
		`unavailable_logged_in` = `unavailable_logged_in` - (old.level <= 1),
		`unavailable_shared` = `unavailable_shared` - (old.level <= 2),
		`unavailable_owner` = `unavailable_owner` - (old.level <= 3)
	WHERE `id` = old.collection_id;
END;
--> statement-breakpoint
DROP TRIGGER `items_unavailable_update`;--> statement-breakpoint
CREATE TRIGGER `items_unavailable_update` AFTER UPDATE OF `quantity`, `lent_copies`, `level` ON `items`
WHEN (old.quantity <= old.lent_copies) <> (new.quantity <= new.lent_copies) OR (new.quantity <= new.lent_copies AND old.level <> new.level) BEGIN
	UPDATE `collections` SET
		`unavailable_everyone` = `unavailable_everyone` - (old.quantity <= old.lent_copies AND old.level = 0) + (new.quantity <= new.lent_copies AND new.level = 0),
		`unavailable_logged_in` = `unavailable_logged_in` - (old.quantity <= old.lent_copies AND old.level <= 1) + (new.quantity <= new.lent_copies AND new.level <= 1),
		`unavailable_shared` = `unavailable_shared` - (old.quantity <= old.lent_copies AND old.level <= 2) + (new.quantity <= new.lent_copies AND new.level <= 2),
		`unavailable_owner` = `unavailable_owner` - (old.quantity <= old.lent_copies AND old.level <= 3) + (new.quantity <= new.lent_copies AND new.level <= 3)
	WHERE `id` = new.collection_id;
END;
--> statement-breakpoint
DROP TRIGGER `facet_counts_insert`;--> statement-breakpoint
CREATE TRIGGER `facet_counts_insert` AFTER INSERT ON `item_values`
WHEN NOT EXISTS (SELECT 1 FROM `counts_deferred`) AND (SELECT `filterable` FROM `properties` WHERE `id` = new.property_id) = 1 BEGIN
	INSERT INTO `facet_counts` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_shared`, `count_owner`, `items`)
	VALUES (new.property_id, coalesce(new.sort_text, CAST(new.sort_number AS TEXT)), new.value, new.sort_number,
		new.level = 0, new.level <= 1, new.level <= 2, new.level <= 3, CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_shared` = `count_shared` + excluded.count_shared,
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
		`count_shared` = `count_shared` - (old.level <= 2),
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
	INSERT INTO `facet_counts` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_shared`, `count_owner`, `items`)
	VALUES (new.property_id, coalesce(new.sort_text, CAST(new.sort_number AS TEXT)), new.value, new.sort_number,
		(new.level = 0) - (old.level = 0), (new.level <= 1) - (old.level <= 1), (new.level <= 2) - (old.level <= 2), (new.level <= 3) - (old.level <= 3),
		CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_shared` = `count_shared` + excluded.count_shared,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only while the owner may see it (level 3 at most).
		`items` = CASE
			WHEN (old.level <= 3) = (new.level <= 3) THEN `items`
			WHEN new.level <= 3 THEN `items` || new.item_id || ' '
			WHEN instr(`items`, ' ' || new.item_id || ' ') = 0 THEN `items`
			ELSE substr(`items`, 1, instr(`items`, ' ' || new.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || new.item_id || ' ') + length(new.item_id) + 2) END;
END;
--> statement-breakpoint
DROP TRIGGER `facet_spans_insert`;--> statement-breakpoint
CREATE TRIGGER `facet_spans_insert` AFTER INSERT ON `item_values`
WHEN new.sort_number IS NOT NULL AND length(new.value) = 12 AND substr(new.value, 1, 1) = '"'
	AND NOT EXISTS (SELECT 1 FROM `counts_deferred`) AND (SELECT `filterable` FROM `properties` WHERE `id` = new.property_id) = 1 BEGIN
	-- The month.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_shared`, `count_owner`, `items`)
	VALUES (new.property_id, 'month ' || substr(new.value, 2, 7), json_quote(substr(new.value, 2, 7)), NULL,
		new.level = 0, new.level <= 1, new.level <= 2, new.level <= 3, CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_shared` = `count_shared` + excluded.count_shared,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only when the owner may see it (level 3 at most); a list not kept (NULL) stays so.
		`items` = CASE WHEN excluded.count_owner = 0 THEN `items` ELSE `items` || new.item_id || ' ' END;
	-- The year.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_shared`, `count_owner`, `items`)
	VALUES (new.property_id, 'year ' || substr(new.value, 2, 4), json_quote(substr(new.value, 2, 4)), NULL,
		new.level = 0, new.level <= 1, new.level <= 2, new.level <= 3, CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_shared` = `count_shared` + excluded.count_shared,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only when the owner may see it (level 3 at most); a list not kept (NULL) stays so.
		`items` = CASE WHEN excluded.count_owner = 0 THEN `items` ELSE `items` || new.item_id || ' ' END;
END;
--> statement-breakpoint
DROP TRIGGER `facet_spans_delete`;--> statement-breakpoint
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
		`count_shared` = `count_shared` - (old.level <= 2),
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
		`count_shared` = `count_shared` - (old.level <= 2),
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
DROP TRIGGER `facet_spans_level`;--> statement-breakpoint
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
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_shared`, `count_owner`, `items`)
	VALUES (new.property_id, 'month ' || substr(new.value, 2, 7), json_quote(substr(new.value, 2, 7)), NULL,
		(new.level = 0) - (old.level = 0), (new.level <= 1) - (old.level <= 1), (new.level <= 2) - (old.level <= 2), (new.level <= 3) - (old.level <= 3),
		CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_shared` = `count_shared` + excluded.count_shared,
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
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_shared`, `count_owner`, `items`)
	VALUES (new.property_id, 'year ' || substr(new.value, 2, 4), json_quote(substr(new.value, 2, 4)), NULL,
		(new.level = 0) - (old.level = 0), (new.level <= 1) - (old.level <= 1), (new.level <= 2) - (old.level <= 2), (new.level <= 3) - (old.level <= 3),
		CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_shared` = `count_shared` + excluded.count_shared,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only while the owner may see it (level 3 at most).
		`items` = CASE
			WHEN (old.level <= 3) = (new.level <= 3) THEN `items`
			WHEN new.level <= 3 THEN `items` || new.item_id || ' '
			WHEN instr(`items`, ' ' || new.item_id || ' ') = 0 THEN `items`
			ELSE substr(`items`, 1, instr(`items`, ' ' || new.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || new.item_id || ' ') + length(new.item_id) + 2) END;
END;
--> statement-breakpoint
DROP TRIGGER `facet_spans_number_insert`;--> statement-breakpoint
CREATE TRIGGER `facet_spans_number_insert` AFTER INSERT ON `item_values`
WHEN new.sort_number IS NOT NULL AND (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id AND `filterable` = 1) IS NOT NULL BEGIN
	-- The span of the property's width.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_shared`, `count_owner`, `items`)
	VALUES (new.property_id, 'n0 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 1), 'null', NULL,
		new.level = 0, new.level <= 1, new.level <= 2, new.level <= 3, CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_shared` = `count_shared` + excluded.count_shared,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only when the owner may see it (level 3 at most); a list not kept (NULL) stays so.
		`items` = CASE WHEN excluded.count_owner = 0 THEN `items` ELSE `items` || new.item_id || ' ' END;
	-- Ten times as wide.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_shared`, `count_owner`, `items`)
	VALUES (new.property_id, 'n1 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 10), 'null', NULL,
		new.level = 0, new.level <= 1, new.level <= 2, new.level <= 3, CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_shared` = `count_shared` + excluded.count_shared,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only when the owner may see it (level 3 at most); a list not kept (NULL) stays so.
		`items` = CASE WHEN excluded.count_owner = 0 THEN `items` ELSE `items` || new.item_id || ' ' END;
	-- A hundred times as wide.
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_shared`, `count_owner`, `items`)
	VALUES (new.property_id, 'n2 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 100), 'null', NULL,
		new.level = 0, new.level <= 1, new.level <= 2, new.level <= 3, CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_shared` = `count_shared` + excluded.count_shared,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only when the owner may see it (level 3 at most); a list not kept (NULL) stays so.
		`items` = CASE WHEN excluded.count_owner = 0 THEN `items` ELSE `items` || new.item_id || ' ' END;
END;
--> statement-breakpoint
DROP TRIGGER `facet_spans_number_delete`;--> statement-breakpoint
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
		`count_shared` = `count_shared` - (old.level <= 2),
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
		`count_shared` = `count_shared` - (old.level <= 2),
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
		`count_shared` = `count_shared` - (old.level <= 2),
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
DROP TRIGGER `facet_spans_number_level`;--> statement-breakpoint
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
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_shared`, `count_owner`, `items`)
	VALUES (new.property_id, 'n0 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 1), 'null', NULL,
		(new.level = 0) - (old.level = 0), (new.level <= 1) - (old.level <= 1), (new.level <= 2) - (old.level <= 2), (new.level <= 3) - (old.level <= 3),
		CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_shared` = `count_shared` + excluded.count_shared,
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
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_shared`, `count_owner`, `items`)
	VALUES (new.property_id, 'n1 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 10), 'null', NULL,
		(new.level = 0) - (old.level = 0), (new.level <= 1) - (old.level <= 1), (new.level <= 2) - (old.level <= 2), (new.level <= 3) - (old.level <= 3),
		CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_shared` = `count_shared` + excluded.count_shared,
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
	INSERT INTO `facet_spans` (`property_id`, `sort_key`, `value`, `sort_number`, `count_everyone`, `count_logged_in`, `count_shared`, `count_owner`, `items`)
	VALUES (new.property_id, 'n2 ' || printf('%016d', (CAST(floor(new.sort_number / (SELECT `span_width` FROM `properties` WHERE `id` = new.property_id)) AS INTEGER) + 1000000000000000) / 100), 'null', NULL,
		(new.level = 0) - (old.level = 0), (new.level <= 1) - (old.level <= 1), (new.level <= 2) - (old.level <= 2), (new.level <= 3) - (old.level <= 3),
		CASE WHEN new.level <= 3 THEN ' ' || new.item_id || ' ' ELSE ' ' END)
	ON CONFLICT (`property_id`, `sort_key`) DO UPDATE SET
		`count_everyone` = `count_everyone` + excluded.count_everyone,
		`count_logged_in` = `count_logged_in` + excluded.count_logged_in,
		`count_shared` = `count_shared` + excluded.count_shared,
		`count_owner` = `count_owner` + excluded.count_owner,
		-- Listed only while the owner may see it (level 3 at most).
		`items` = CASE
			WHEN (old.level <= 3) = (new.level <= 3) THEN `items`
			WHEN new.level <= 3 THEN `items` || new.item_id || ' '
			WHEN instr(`items`, ' ' || new.item_id || ' ') = 0 THEN `items`
			ELSE substr(`items`, 1, instr(`items`, ' ' || new.item_id || ' ')) || substr(`items`, instr(`items`, ' ' || new.item_id || ' ') + length(new.item_id) + 2) END;
END;
