// The drizzle schema index (the one barrel): drizzle-kit and the client read every table from here.
export * from './users.schema';
export * from './collections.schema';
export * from './settings.schema';
export * from './lending.schema';
export * from './imports.schema';
export * from './backups.schema';
export * from './exports.schema';
export * from './account-archives.schema';
export * from './sources.schema';
export * from './borrower-links.schema';
export * from './members.schema';
export * from './invitations.schema';
export * from './holds.schema';
