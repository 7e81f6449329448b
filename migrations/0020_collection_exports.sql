-- Exports of a collection with its pictures (features/exports): the run, and the pictures it holds with
-- their size and CRC-32, so that the zip is streamed from R2 without computing anything.
CREATE TABLE `collection_export_pictures` (
	`export_id` integer NOT NULL,
	`object_key` text NOT NULL,
	`size` integer,
	`crc` integer,
	PRIMARY KEY(`export_id`, `object_key`),
	FOREIGN KEY (`export_id`) REFERENCES `collection_exports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `collection_exports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection_id` integer,
	`user_id` integer,
	`status` text DEFAULT 'running' NOT NULL,
	`phase` text DEFAULT 'document' NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`pieces` integer DEFAULT 0 NOT NULL,
	`document_size` integer DEFAULT 0 NOT NULL,
	`document_crc` integer DEFAULT 0 NOT NULL,
	`items` integer DEFAULT 0 NOT NULL,
	`pictures` integer DEFAULT 0 NOT NULL,
	`bytes` integer DEFAULT 0 NOT NULL,
	`exported_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`finished_at` text,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
