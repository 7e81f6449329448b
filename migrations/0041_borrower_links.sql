CREATE TABLE `borrower_links` (
	`borrower_id` integer PRIMARY KEY NOT NULL,
	`page_nonce` text NOT NULL,
	`page_hash` text NOT NULL,
	`page_expires_at` text NOT NULL,
	`feed_nonce` text,
	`feed_hash` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`borrower_id`) REFERENCES `borrowers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `borrower_links_page_unique` ON `borrower_links` (`page_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `borrower_links_feed_unique` ON `borrower_links` (`feed_hash`);--> statement-breakpoint
CREATE TABLE `owner_lending_preferences` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`feed_nonce` text,
	`feed_hash` text,
	`digest` text DEFAULT 'off' NOT NULL,
	`digest_sent_for` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `owner_lending_preferences_feed_unique` ON `owner_lending_preferences` (`feed_hash`);--> statement-breakpoint
ALTER TABLE `loans` ADD `renewal_state` text;--> statement-breakpoint
ALTER TABLE `loans` ADD `renewal_due_on` text;