/**
 * For a benchmark's server process: runs `close` and exits once the parent sends SIGTERM or goes
 * away (exit code 1 if closing takes more than 10 s), once however often either happens.
 */
export function stopOnParent(close: () => Promise<void>): void {
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
}
