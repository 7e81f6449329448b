-- The clients (addresses, devices) that signed in to an account before: the right password from one of
-- them is not slowed by the account-wide limit a crowd of new addresses sets off (known-clients.service.ts).
CREATE TABLE `known_clients` (
	`user_id` integer NOT NULL,
	`client` text NOT NULL,
	`last_sign_in` integer NOT NULL,
	PRIMARY KEY(`user_id`, `client`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `known_clients_last_sign_in_idx` ON `known_clients` (`last_sign_in`);