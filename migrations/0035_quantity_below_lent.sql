-- An item's number of copies never drops below the copies it has lent (items.lent_copies, kept by the
-- loans' triggers, migration 0030). The check sits in the same statement as the write, so a loan
-- recorded meanwhile cannot slip between a read and the update; the Worker answers the abort with
-- 409 QUANTITY_BELOW_LENT. Raising the number, or keeping it, always passes.
CREATE TRIGGER `items_quantity_below_lent` BEFORE UPDATE OF `quantity` ON `items`
WHEN new.quantity < old.quantity AND new.quantity < new.lent_copies BEGIN
	SELECT RAISE(ABORT, 'QUANTITY_BELOW_LENT');
END;
