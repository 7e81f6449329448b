-- Lost updates: an edit names the version it was made from and sets version = that + 1. If someone
-- else's edit landed in between, the row's version has moved on, and this trigger aborts the whole
-- batch (values, search row, everything), which the Worker answers with 409 STALE_WRITE. Edits that
-- name no version set version = version + 1 and always pass.
CREATE TRIGGER `items_stale_write` BEFORE UPDATE OF `version` ON `items`
WHEN new.version <> old.version + 1 BEGIN
	SELECT RAISE(ABORT, 'STALE_WRITE');
END;
--> statement-breakpoint
CREATE TRIGGER `collections_stale_write` BEFORE UPDATE OF `version` ON `collections`
WHEN new.version <> old.version + 1 BEGIN
	SELECT RAISE(ABORT, 'STALE_WRITE');
END;
--> statement-breakpoint
CREATE TRIGGER `properties_stale_write` BEFORE UPDATE OF `version` ON `properties`
WHEN new.version <> old.version + 1 BEGIN
	SELECT RAISE(ABORT, 'STALE_WRITE');
END;
