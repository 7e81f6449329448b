CREATE TABLE `facet_counts` (
	`property_id` integer NOT NULL,
	`sort_key` text NOT NULL,
	`value` text NOT NULL,
	`sort_number` real,
	`count_everyone` integer DEFAULT 0 NOT NULL,
	`count_logged_in` integer DEFAULT 0 NOT NULL,
	`count_owner` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`property_id`, `sort_key`),
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `facet_counts_everyone_idx` ON `facet_counts` (`property_id`,`count_everyone`);--> statement-breakpoint
CREATE INDEX `facet_counts_logged_in_idx` ON `facet_counts` (`property_id`,`count_logged_in`);--> statement-breakpoint
CREATE INDEX `facet_counts_owner_idx` ON `facet_counts` (`property_id`,`count_owner`);--> statement-breakpoint
CREATE INDEX `facet_counts_number_idx` ON `facet_counts` (`property_id`,`sort_number`);--> statement-breakpoint
ALTER TABLE `item_values` ADD `level` integer DEFAULT 0 NOT NULL;