-- Where items stand in each sort order of a large collection (collections.schema.ts, sortRanks; the
-- JSON is described in features/items/sort-ranks.ts). Built on demand: no row until a deep page needs one.
CREATE TABLE `sort_ranks` (
	`collection_id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`data` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
