export * from './access';
export * from './auth';
export * from './constants';
export * from './envelope';
export * from './list';
export * from './messages';
export * from './system';
