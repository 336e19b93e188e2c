/**
 * Whether the node running the suite loads a TypeScript module of ES syntax in a CommonJS package (`npm init -y`):
 * Node 20 cannot (tsx's require of it fails, a cycle), so prunecheck says how to fix the package; from Node 22 it
 * loads, compiled to CommonJS, and prunecheck checks the adapter it exports as default (`importAdapterModule`).
 */
export const LOADS_COMPILED_ESM = Number(process.versions.node.split('.')[0]) >= 22;
