// How the repository's TypeScript becomes JavaScript when it runs from its sources: jest's transform
// (jest.config.js) and the server's worker threads (./ts-require.cjs) use these SWC options. They repeat what
// the packages' tsconfig files say that changes emitted code: ES2022, CommonJS, and the legacy decorators with
// class fields assigned in the constructor (experimentalDecorators, useDefineForClassFields false) that
// @colyseus/schema's @type fields need. Each file is transpiled alone, without type-checking (`npm test`
// type-checks everything first).
'use strict';
module.exports = {
  swcrc: false,
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: false, useDefineForClassFields: false },
  },
  module: { type: 'commonjs' },
};
