-- A borrower the owner records (typed in, or brought by an import) needs only a name: `email` becomes
-- nullable. SQLite cannot drop NOT NULL in place, so the table is made again. D1 keeps foreign keys on,
-- and dropping `borrowers` would delete every loan through ON DELETE CASCADE: the loans are kept aside
-- and put back, and the items' lent copies counted again from them (migration 0030).
CREATE TABLE `__kept_loans` AS SELECT * FROM `loans`;--> statement-breakpoint
CREATE TABLE `__new_borrowers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`notes` text,
	`locale` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_borrowers`("id", "owner_id", "name", "email", "phone", "notes", "locale", "version", "created_at", "updated_at") SELECT "id", "owner_id", "name", "email", "phone", "notes", "locale", "version", "created_at", "updated_at" FROM `borrowers`;--> statement-breakpoint
DROP TABLE `borrowers`;--> statement-breakpoint
ALTER TABLE `__new_borrowers` RENAME TO `borrowers`;--> statement-breakpoint
CREATE UNIQUE INDEX `borrowers_owner_email_unique` ON `borrowers` (`owner_id`,`email`);--> statement-breakpoint
CREATE INDEX `borrowers_owner_name_idx` ON `borrowers` (`owner_id`,lower("name"));--> statement-breakpoint
DELETE FROM `loans`;--> statement-breakpoint
INSERT INTO `loans` SELECT * FROM `__kept_loans`;--> statement-breakpoint
DROP TABLE `__kept_loans`;--> statement-breakpoint
UPDATE `items` SET `lent_copies` = (SELECT count(*) FROM `loans` WHERE `item_id` = `items`.`id` AND `state` = 'lent')
WHERE `lent_copies` <> (SELECT count(*) FROM `loans` WHERE `item_id` = `items`.`id` AND `state` = 'lent');
