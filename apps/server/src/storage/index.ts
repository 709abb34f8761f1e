export { assertSafeKey, BlobNotFoundError, type BlobStore } from './blob-store';
export { createLocalDiskStore } from './local-disk';
