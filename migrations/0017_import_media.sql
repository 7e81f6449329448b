-- Pictures an import takes out of its zip (import_media, by the name the records give them), and where
-- the import's walk through that zip has got to.
CREATE TABLE `import_media` (
	`import_id` integer NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`import_id`, `name`),
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `imports` ADD `archive_key` text;--> statement-breakpoint
ALTER TABLE `imports` ADD `archive_position` integer DEFAULT 0 NOT NULL;