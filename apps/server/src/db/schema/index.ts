export * from './files';
export * from './system';
