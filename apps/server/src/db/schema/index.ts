export * from './clients';
export * from './dictionaries';
export * from './files';
export * from './orders';
export * from './products';
export * from './system';
export * from './jobs';
