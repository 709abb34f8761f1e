export { assertSafeKey, BlobNotFoundError, type BlobStore } from './blob-store';
export { createLocalDiskStore } from './local-disk';
export { createS3Store, type S3StoreOptions } from './s3';
