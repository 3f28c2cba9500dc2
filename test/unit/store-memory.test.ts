import { memoryStore } from '../../src/store/memory.js';
import { describeStoreConformance } from '../support/store-conformance.js';

describeStoreConformance('memoryStore', async () => memoryStore());
