-- Each collection counts, per caller level like its item counters, the items with no copy left to lend
-- (every copy in a loan in state lent): "available" is the counter less these, with no read, and where
-- it needs their ids it reads them from a partial index, a row each; "lent" lists the items of another
-- partial index, those with a copy lent, where it read every lent loan of the owner. The triggers follow
-- items.lent_copies (kept by the loans' triggers, migration 0030), the quantity and the level; a restore
-- sets the counts to 0 and lets them count again as the loans come back (backup-tables.ts).
ALTER TABLE `collections` ADD `unavailable_everyone` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `unavailable_logged_in` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `unavailable_owner` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `items_lent_idx` ON `items` (`collection_id`,`level`) WHERE "items"."lent_copies" > 0;--> statement-breakpoint
CREATE INDEX `items_unavailable_idx` ON `items` (`collection_id`,`level`) WHERE "items"."quantity" <= "items"."lent_copies";--> statement-breakpoint
UPDATE `collections` SET
	`unavailable_everyone` = (SELECT count(*) FROM `items` WHERE `collection_id` = `collections`.`id` AND `quantity` <= `lent_copies` AND `level` = 0),
	`unavailable_logged_in` = (SELECT count(*) FROM `items` WHERE `collection_id` = `collections`.`id` AND `quantity` <= `lent_copies` AND `level` <= 1),
	`unavailable_owner` = (SELECT count(*) FROM `items` WHERE `collection_id` = `collections`.`id` AND `quantity` <= `lent_copies` AND `level` <= 3)
WHERE `id` IN (SELECT `collection_id` FROM `items` WHERE `quantity` <= `lent_copies`);--> statement-breakpoint
-- (Items are written with no copy lent, so this one stands aside but for a row written already lent.)
CREATE TRIGGER `items_unavailable_insert` AFTER INSERT ON `items` WHEN new.quantity <= new.lent_copies BEGIN
	UPDATE `collections` SET
		`unavailable_everyone` = `unavailable_everyone` + (new.level = 0),
		`unavailable_logged_in` = `unavailable_logged_in` + (new.level <= 1),
		`unavailable_owner` = `unavailable_owner` + (new.level <= 3)
	WHERE `id` = new.collection_id;
END;
--> statement-breakpoint
CREATE TRIGGER `items_unavailable_delete` AFTER DELETE ON `items` WHEN old.quantity <= old.lent_copies BEGIN
	UPDATE `collections` SET
		`unavailable_everyone` = `unavailable_everyone` - (old.level = 0),
		`unavailable_logged_in` = `unavailable_logged_in` - (old.level <= 1),
		`unavailable_owner` = `unavailable_owner` - (old.level <= 3)
	WHERE `id` = old.collection_id;
END;
--> statement-breakpoint
-- (Only when the item enters or leaves the count, or moves between levels within it: an edit of a lent
-- item's values writes no collection row.)
CREATE TRIGGER `items_unavailable_update` AFTER UPDATE OF `quantity`, `lent_copies`, `level` ON `items`
WHEN (old.quantity <= old.lent_copies) <> (new.quantity <= new.lent_copies) OR (new.quantity <= new.lent_copies AND old.level <> new.level) BEGIN
	UPDATE `collections` SET
		`unavailable_everyone` = `unavailable_everyone` - (old.quantity <= old.lent_copies AND old.level = 0) + (new.quantity <= new.lent_copies AND new.level = 0),
		`unavailable_logged_in` = `unavailable_logged_in` - (old.quantity <= old.lent_copies AND old.level <= 1) + (new.quantity <= new.lent_copies AND new.level <= 1),
		`unavailable_owner` = `unavailable_owner` - (old.quantity <= old.lent_copies AND old.level <= 3) + (new.quantity <= new.lent_copies AND new.level <= 3)
	WHERE `id` = new.collection_id;
END;
