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
 * `--initial-old-space-size=128`: during a 200 MB chunked upload the server ran a full
 * mark-compact every 30–50 ms (~50 in all) although its old generation stayed at ~32 MB and
 * barely allocated: after each one V8 set the old-generation limit only about as far above the
 * live heap as the (16 MB-semi-space) young generation is large, which its incremental-marking
 * trigger counts as already reached, while 200 MB of socket buffers kept the marker busy
 * (traced with BENCH_NODE_FLAGS="--trace-gc --trace-incremental-marking", 2026-11-26). A
 * 128 MB starting limit leaves the headroom V8 wants: 20–29 mark-compacts per upload and half
 * the server CPU (0.81–0.97 s instead of 1.5–1.7 s; the bare receiver's is 0.4–0.5 s). It only
 * moves the point where the first full GCs start: the people list's CPU per request and a
 * 100,000-row import's peak RSS (265–268 MB on PostgreSQL) stayed as they were. (64 MB did not
 * help; `--max-semi-space-size=1` also cures the uploads but costs the list 10–30% more CPU.)
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16', '--initial-old-space-size=128'];
