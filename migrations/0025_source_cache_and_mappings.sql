CREATE TABLE `source_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`hits` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `source_cache_expires_idx` ON `source_cache` (`expires_at`);--> statement-breakpoint
CREATE TABLE `source_mappings` (
	`collection_id` integer PRIMARY KEY NOT NULL,
	`mapping` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
