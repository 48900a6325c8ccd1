export * from './attendance';
export * from './auth';
export * from './common';
export * from './dashboard';
export * from './errors';
export * from './leave';
export * from './live';
export * from './people';
