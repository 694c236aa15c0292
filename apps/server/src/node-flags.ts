/**
 * V8 flags the server runs with (`npm start` passes them in package.json; the browser tests and
 * the benchmarks start their servers with them too, so they measure what `npm start` runs).
 *
 * `--max-semi-space-size=16`: on a machine with much memory Node 24 lets the young generation
 * grow to 128 MB, which stays committed: an idle server sat at ~250 MB RSS with 36 MB of live
 * heap, and an import peaked near 380 MB. With 16 MB semi-spaces the idle server is ~175 MB and a
 * 100,000-row import peaks under 300 MB (bench/imports.bench.ts), with list throughput and upload
 * CPU unchanged within the machine's noise (bench/platform.bench.ts, bench/upload.bench.ts).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];
