CREATE TABLE `borrowers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`notes` text,
	`locale` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `borrowers_owner_email_unique` ON `borrowers` (`owner_id`,`email`);--> statement-breakpoint
CREATE INDEX `borrowers_owner_name_idx` ON `borrowers` (`owner_id`,lower("name"));--> statement-breakpoint
CREATE TABLE `loans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`owner_id` integer NOT NULL,
	`borrower_id` integer NOT NULL,
	`state` text NOT NULL,
	`message` text,
	`notes` text,
	`response` text,
	`wanted_from` text,
	`wanted_until` text,
	`lent_on` text,
	`due_on` text,
	`returned_on` text,
	`asked_at` text,
	`accepted_at` text,
	`rejected_at` text,
	`lent_at` text,
	`returned_at` text,
	`locale` text,
	`status_token_hash` text,
	`reminded_on` text,
	`overdue_notices` integer DEFAULT 0 NOT NULL,
	`last_overdue_notice_on` text,
	`owner_notified_overdue_on` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`borrower_id`) REFERENCES `borrowers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `loans_item_state_idx` ON `loans` (`item_id`,`state`);--> statement-breakpoint
CREATE INDEX `loans_owner_state_due_idx` ON `loans` (`owner_id`,`state`,`due_on`);--> statement-breakpoint
CREATE INDEX `loans_borrower_idx` ON `loans` (`borrower_id`);--> statement-breakpoint
CREATE INDEX `loans_state_due_idx` ON `loans` (`state`,`due_on`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `loans_status_token_unique` ON `loans` (`status_token_hash`);--> statement-breakpoint
ALTER TABLE `users` ADD `locale` text;--> statement-breakpoint
ALTER TABLE `collections` ADD `loan_period_days` integer DEFAULT 21 NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `reminder_days` integer DEFAULT 2 NOT NULL;