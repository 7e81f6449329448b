-- Imports: each run with its plan and progress (imports), its report a step at a time (import_steps),
-- and the reference that finds an imported item again (items.import_ref, indexed only where set).
CREATE TABLE `import_steps` (
	`import_id` integer NOT NULL,
	`first_row` integer NOT NULL,
	`outcomes` text NOT NULL,
	`problems` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY(`import_id`, `first_row`),
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`format` text NOT NULL,
	`file_name` text NOT NULL,
	`file_key` text NOT NULL,
	`file_length` integer NOT NULL,
	`encoding` text NOT NULL,
	`head` text NOT NULL,
	`plan` text NOT NULL,
	`status` text DEFAULT 'checking' NOT NULL,
	`total` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`processed` integer DEFAULT 0 NOT NULL,
	`added` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`unchanged` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`error` text,
	`error_details` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`finished_at` text,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `imports_collection_idx` ON `imports` (`collection_id`,`id`);--> statement-breakpoint
ALTER TABLE `items` ADD `import_ref` text;--> statement-breakpoint
CREATE UNIQUE INDEX `items_import_ref_idx` ON `items` (`collection_id`,`import_ref`) WHERE import_ref IS NOT NULL;