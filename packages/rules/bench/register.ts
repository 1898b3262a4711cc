/**
 * Resolve the workspace packages to their TypeScript sources, so the bench, `play` and the solvability
 * search run under ts-node without building dist/ first (engine-core's dist, which the rules import,
 * exists only after `npm run build`).
 */
import Module = require('module');
import path = require('path');

const SOURCES: Record<string, string> = {
  '@isle-of-trains/engine-core': path.resolve(__dirname, '../../engine-core/src/index.ts'),
  '@isle-of-trains/rules': path.resolve(__dirname, '../src/index.ts'),
};
const M = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const original = M._resolveFilename;
M._resolveFilename = function (request: string, ...rest: unknown[]): string {
  return original.call(this, SOURCES[request] ?? request, ...rest);
};
