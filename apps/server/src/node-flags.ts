/**
 * V8 flags the server runs with (`npm start` passes them in package.json; the browser tests and
 * the benchmarks start their servers with them too, so they measure what `npm start` runs).
 *
 * `--max-semi-space-size=16`: on a machine with much memory Node 24 lets the young generation
 * grow to 128 MB, which stays committed: an idle server sat at ~250 MB RSS with 36 MB of live
 * heap, and an import peaked near 380 MB. With 16 MB semi-spaces the idle server is ~175 MB and a
 * 100,000-row import peaks under 300 MB (bench/imports.bench.ts), with list throughput unchanged
 * within the machine's noise (bench/platform.bench.ts).
 *
 * Measured since (BENCH_NODE_FLAGS, 2026-11-26): during a 200 MB chunked upload the server runs
 * a full mark-compact every 30–50 ms (~50 in all) although its old generation stays at ~32 MB —
 * after each one V8 sets the old-generation limit only as far above the live heap as the young
 * generation is large, which its incremental-marking trigger counts as "limit reached" at once,
 * and 200 MB of socket buffers keep the marker busy. `--max-semi-space-size=1` halves the
 * upload's server CPU (0.7–0.85 s instead of 1.5–1.7 s) but costs the people list ~30% more CPU
 * per request (0.96 ms instead of 0.71–0.74); 2 and 4 MB do not cure the uploads. The flag stays
 * at 16 while small JSON requests are the bulk of the traffic.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];
