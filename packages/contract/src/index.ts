export * from './auth';
export * from './errors';
export * from './live';
export * from './people';
