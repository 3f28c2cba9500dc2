import { memoryStore } from '../../src/store/memory/memory-store.js';
import { describeStoreConformance } from '../support/store-conformance.js';

describeStoreConformance('memoryStore', async () => memoryStore());
