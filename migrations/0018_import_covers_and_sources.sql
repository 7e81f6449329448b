CREATE TABLE `import_sources` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`address` text NOT NULL,
	`shelf` text,
	`plan` text NOT NULL,
	`schedule` text NOT NULL,
	`next_run_at` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_run_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_sources_due_idx` ON `import_sources` (`next_run_at`);--> statement-breakpoint
CREATE INDEX `import_sources_collection_idx` ON `import_sources` (`collection_id`);--> statement-breakpoint
ALTER TABLE `imports` ADD `source_id` integer REFERENCES import_sources(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `imports` ADD `covers_wanted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `imports` ADD `covers_position` integer;--> statement-breakpoint
ALTER TABLE `imports` ADD `covers_walked` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `imports` ADD `covers_fetched` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `imports` ADD `covers_failed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `import_media_name_idx` ON `import_media` (`name`);