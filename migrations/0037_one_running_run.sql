-- One run at a time, kept by the database: a unique index on the running state lets a second running
-- instance backup or restore (backups) never exist, nor a second running backup or restore of one
-- person's collections (account_archives, per user). A damaged backup names the part at fault
-- (problem_part), and each page of rows notes how many it holds (backup_entries.rows), so a restore
-- compares them with its manifest before writing anything.
ALTER TABLE `backup_entries` ADD `rows` integer;--> statement-breakpoint
ALTER TABLE `backups` ADD `problem_part` text;--> statement-breakpoint
CREATE UNIQUE INDEX `backups_one_running` ON `backups` (`status`) WHERE status = 'running';--> statement-breakpoint
ALTER TABLE `account_archives` ADD `problem_part` text;--> statement-breakpoint
CREATE UNIQUE INDEX `account_archives_one_running` ON `account_archives` (`user_id`) WHERE status = 'running';
