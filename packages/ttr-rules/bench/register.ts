/** Resolve engine-core to its TypeScript sources, so the bench runs under ts-node without building dist/ first. */
import Module = require('module');
import path = require('path');

const ENGINE_CORE = path.resolve(__dirname, '../../engine-core/src/index.ts');
const M = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const original = M._resolveFilename;
M._resolveFilename = function (request: string, ...rest: unknown[]): string {
  return original.call(this, request === '@isle-of-trains/engine-core' ? ENGINE_CORE : request, ...rest);
};
