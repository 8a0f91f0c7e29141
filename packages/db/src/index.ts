export * from './client';
export * from './lock';
export * from './sequences';
export * as schema from './schema/index';
export * from './schema/index';
export * from './errors';
