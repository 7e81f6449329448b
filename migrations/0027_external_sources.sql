CREATE TABLE `external_sources` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`address` text NOT NULL,
	`name` text NOT NULL,
	`version` text NOT NULL,
	`description` text,
	`types` text NOT NULL,
	`barcodes` integer NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`checked_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`problem` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `external_sources_address_unique` ON `external_sources` (`address`);