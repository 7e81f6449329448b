-- Each item keeps how many of its copies are in loans in state lent, so a list reads an item's
-- availability with its row (items.queries.ts) instead of looking its loans up (a row more an item). The
-- triggers below keep it through every loan written, whatever writes it; a restore sets it to 0 and lets
-- them count the loans again as they come back (backup-tables.ts).
ALTER TABLE `items` ADD `lent_copies` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `items` SET `lent_copies` = (SELECT count(*) FROM `loans` WHERE `item_id` = `items`.`id` AND `state` = 'lent')
WHERE `id` IN (SELECT `item_id` FROM `loans` WHERE `state` = 'lent');--> statement-breakpoint
CREATE TRIGGER `loans_lent_insert` AFTER INSERT ON `loans` WHEN new.state = 'lent' BEGIN
	UPDATE `items` SET `lent_copies` = `lent_copies` + 1 WHERE `id` = new.item_id;
END;
--> statement-breakpoint
CREATE TRIGGER `loans_lent_delete` AFTER DELETE ON `loans` WHEN old.state = 'lent' BEGIN
	UPDATE `items` SET `lent_copies` = `lent_copies` - 1 WHERE `id` = old.item_id;
END;
--> statement-breakpoint
CREATE TRIGGER `loans_lent_update` AFTER UPDATE OF `state`, `item_id` ON `loans`
WHEN (old.state = 'lent') <> (new.state = 'lent') OR (old.state = 'lent' AND old.item_id <> new.item_id) BEGIN
	UPDATE `items` SET `lent_copies` = `lent_copies` - 1 WHERE `id` = old.item_id AND old.state = 'lent';
	UPDATE `items` SET `lent_copies` = `lent_copies` + 1 WHERE `id` = new.item_id AND new.state = 'lent';
END;
