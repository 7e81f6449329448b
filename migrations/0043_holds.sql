CREATE TABLE `holds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` integer NOT NULL,
	`owner_id` integer NOT NULL,
	`borrower_id` integer NOT NULL,
	`state` text NOT NULL,
	`position` integer NOT NULL,
	`message` text,
	`locale` text,
	`offer_token_hash` text,
	`offered_at` text,
	`offer_expires_at` text,
	`answered_at` text,
	`loan_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`borrower_id`) REFERENCES `borrowers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`loan_id`) REFERENCES `loans`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `holds_item_state_position_idx` ON `holds` (`item_id`,`state`,`position`);--> statement-breakpoint
CREATE INDEX `holds_owner_state_idx` ON `holds` (`owner_id`,`state`);--> statement-breakpoint
CREATE INDEX `holds_borrower_idx` ON `holds` (`borrower_id`);--> statement-breakpoint
CREATE INDEX `holds_state_expires_idx` ON `holds` (`state`,`offer_expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `holds_offer_token_unique` ON `holds` (`offer_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `holds_item_borrower_active_unique` ON `holds` (`item_id`,`borrower_id`) WHERE state IN ('waiting', 'offered');--> statement-breakpoint
ALTER TABLE `collections` ADD `offer_days` integer DEFAULT 3 NOT NULL;