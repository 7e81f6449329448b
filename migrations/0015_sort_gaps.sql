-- The items with nothing to sort by, per sortable property (collections.schema.ts, itemSortGaps): a sort
-- by a property walks this table for the end of its order instead of testing every item. The condition
-- is the one of the sort walks (items.queries.ts): no first value with the key its type sorts by.
CREATE TABLE `item_sort_gaps` (
	`property_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`item_id` integer NOT NULL,
	PRIMARY KEY(`property_id`, `created_at`, `item_id`),
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `item_sort_gaps` (`property_id`, `created_at`, `item_id`)
SELECT p.id, i.created_at, i.id FROM properties p JOIN items i ON i.collection_id = p.collection_id
WHERE p.sortable = 1 AND NOT EXISTS (
	SELECT 1 FROM item_values s WHERE s.item_id = i.id AND s.property_id = p.id AND s.position = 0 AND s.sortable = 1
		AND (CASE WHEN p.type IN ('number', 'rating', 'date', 'datetime') THEN s.sort_number ELSE s.natural_key END) IS NOT NULL
);
