CREATE TABLE `backup_entries` (
	`backup_id` integer NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`object_key` text,
	`offset` integer,
	`method` integer DEFAULT 0 NOT NULL,
	`packed_size` integer NOT NULL,
	`size` integer NOT NULL,
	`crc` integer NOT NULL,
	`meta` text,
	PRIMARY KEY(`backup_id`, `position`),
	FOREIGN KEY (`backup_id`) REFERENCES `backups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `backups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`user_id` integer,
	`phase` text NOT NULL,
	`table_index` integer DEFAULT 0 NOT NULL,
	`cursor` text,
	`entries` integer DEFAULT 0 NOT NULL,
	`rows` integer DEFAULT 0 NOT NULL,
	`objects` integer DEFAULT 0 NOT NULL,
	`bytes` integer DEFAULT 0 NOT NULL,
	`file_key` text,
	`problem` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`finished_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
