export * from './envelope';
export * from './validation';
export * from './content';
export * from './auth';
