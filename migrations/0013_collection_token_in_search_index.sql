-- Every search row also names its collection in the facets column ("c<collection id>"), so a page's
-- search reads only its own collection's matches from the index (inCollection() in items.search.ts). The
-- writer adds the token from now on; this gives it to the rows already indexed, once.
INSERT OR REPLACE INTO `items_search` (rowid, `everyone`, `logged_in`, `owner`, `facets`)
SELECT s.rowid, s.`everyone`, s.`logged_in`, s.`owner`, trim('c' || i.`collection_id` || ' ' || s.`facets`)
FROM `items_search` s JOIN `items` i ON i.`id` = s.rowid;
