CREATE TABLE `account_archives` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`phase` text DEFAULT 'open' NOT NULL,
	`file_key` text,
	`collections` integer DEFAULT 0 NOT NULL,
	`restored` integer DEFAULT 0 NOT NULL,
	`folder` integer DEFAULT 0 NOT NULL,
	`cursor` integer DEFAULT -1 NOT NULL,
	`problem` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`finished_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_archives_user_idx` ON `account_archives` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `account_restore_entries` (
	`archive_id` integer NOT NULL,
	`position` integer NOT NULL,
	`folder` integer NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`offset` integer NOT NULL,
	`method` integer NOT NULL,
	`packed_size` integer NOT NULL,
	`size` integer NOT NULL,
	`crc` integer NOT NULL,
	`collection_id` integer,
	`import_id` integer,
	`image` text,
	PRIMARY KEY(`archive_id`, `position`),
	FOREIGN KEY (`archive_id`) REFERENCES `account_archives`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `account_restore_entries_folder_idx` ON `account_restore_entries` (`archive_id`,`folder`,`kind`,`position`);--> statement-breakpoint
ALTER TABLE `collection_exports` ADD `archive_id` integer REFERENCES account_archives(id) ON DELETE SET NULL;