export * from './clients';
export * from './dictionaries';
export * from './files';
export * from './jobs';
export * from './orders';
export * from './products';
export * from './system';
