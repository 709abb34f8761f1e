export * from './envelope';
export * from './validation';
export * from './content';
export * from './auth';
export * from './projects';
export * from './points';
export * from './ai';
export * from './operators';
