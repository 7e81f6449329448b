CREATE TABLE `thumbnails_wanted` (
	`collection_id` integer NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`collection_id`, `value`),
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
