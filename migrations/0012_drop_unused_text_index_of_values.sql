-- Values were indexed by (property_id, sort_text), but no read walks that index: filters and facets reach
-- values by item through the primary key, and media look-ups use item_values_media_idx. Dropping it
-- saves one row written per value.
DROP INDEX `item_values_property_text_idx`;
