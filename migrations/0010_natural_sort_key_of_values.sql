ALTER TABLE `item_values` ADD `natural_key` text;--> statement-breakpoint
CREATE INDEX `item_values_property_natural_idx` ON `item_values` (`property_id`,`natural_key`);