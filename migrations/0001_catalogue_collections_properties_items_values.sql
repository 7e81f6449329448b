CREATE TABLE `collections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text DEFAULT 'custom' NOT NULL,
	`description` text,
	`image` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`visibility` integer DEFAULT 0 NOT NULL,
	`borrowable` integer DEFAULT 3 NOT NULL,
	`count_everyone` integer DEFAULT 0 NOT NULL,
	`count_logged_in` integer DEFAULT 0 NOT NULL,
	`count_owner` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `collections_owner_id_idx` ON `collections` (`owner_id`);--> statement-breakpoint
CREATE INDEX `collections_visibility_idx` ON `collections` (`visibility`);--> statement-breakpoint
CREATE TABLE `item_values` (
	`item_id` integer NOT NULL,
	`property_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`value` text NOT NULL,
	`sort_text` text,
	`sort_number` real,
	PRIMARY KEY(`item_id`, `property_id`, `position`),
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `item_values_property_text_idx` ON `item_values` (`property_id`,`sort_text`);--> statement-breakpoint
CREATE INDEX `item_values_property_number_idx` ON `item_values` (`property_id`,`sort_number`);--> statement-breakpoint
CREATE TABLE `items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection_id` integer NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`visibility` integer,
	`level` integer DEFAULT 0 NOT NULL,
	`borrowable` integer,
	`data` text DEFAULT '{}' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `items_collection_created_idx` ON `items` (`collection_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `items_collection_updated_idx` ON `items` (`collection_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `properties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection_id` integer NOT NULL,
	`key` text NOT NULL,
	`label` text NOT NULL,
	`description` text,
	`type` text NOT NULL,
	`display_order` integer DEFAULT 0 NOT NULL,
	`suffix` text,
	`default_value` text,
	`hide_label` integer DEFAULT false NOT NULL,
	`in_summary` integer DEFAULT false NOT NULL,
	`is_title` integer DEFAULT false NOT NULL,
	`is_subtitle` integer DEFAULT false NOT NULL,
	`is_cover` integer DEFAULT false NOT NULL,
	`is_reference` integer DEFAULT false NOT NULL,
	`multiple` integer DEFAULT false NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	`filterable` integer DEFAULT false NOT NULL,
	`searchable` integer DEFAULT false NOT NULL,
	`sortable` integer DEFAULT false NOT NULL,
	`visibility` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `properties_collection_key_unique` ON `properties` (`collection_id`,`key`);