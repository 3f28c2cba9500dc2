import { afterAll } from 'vitest';
import { describeStoreConformance } from '../../src/testing/index.js';
import { DRIVERS, closeShared, freshTenant } from './support.js';

afterAll(closeShared);

for (const [name, make] of DRIVERS) {
  describeStoreConformance(`postgresStore (${name})`, () => make(freshTenant()));
}
