ALTER TABLE `loans` ADD `reserved_from` text;--> statement-breakpoint
ALTER TABLE `loans` ADD `reserved_to` text;--> statement-breakpoint
CREATE INDEX `loans_item_reserved_idx` ON `loans` (`item_id`,`reserved_from`);