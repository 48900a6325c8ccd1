/**
 * Factories: each builds one kind of row the way the product would (through its repositories
 * where it has them), creating what it depends on (a department for a user, a user for an
 * attendance day or a leave application, an area for a door) and returning the row.
 */
export * from './access';
export * from './attendance';
export * from './auth';
export * from './counting';
export * from './leave';
export * from './people';
export * from './video';
