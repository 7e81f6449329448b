CREATE TABLE `collection_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`collection_id` integer NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`inviter_id` integer NOT NULL,
	`secret_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`revoked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inviter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collection_invitations_secret_idx` ON `collection_invitations` (`secret_hash`);--> statement-breakpoint
CREATE INDEX `collection_invitations_collection_idx` ON `collection_invitations` (`collection_id`);