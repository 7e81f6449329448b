CREATE TABLE `maintenance_state` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
