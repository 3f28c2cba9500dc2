/** The conformance suite lives in the package (`recallkit/testing`); tests import it from here. */
export * from '../../src/testing/store-conformance.js';
