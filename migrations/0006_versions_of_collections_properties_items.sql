ALTER TABLE `collections` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `items` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `properties` ADD `version` integer DEFAULT 1 NOT NULL;