/**
 * One run per key at a time: a caller asking for `key` while its run is in flight gets that run's promise
 * instead of starting another (the count cache, the kept appointment answers). The key is free again once the
 * run settles, failed runs included.
 */
export async function sharedRun<T>(
  running: Map<string, Promise<T>>,
  key: string,
  start: () => Promise<T>,
): Promise<T> {
  const pending = running.get(key);
  if (pending) return pending;
  const run = start();
  running.set(key, run);
  try {
    return await run;
  } finally {
    running.delete(key);
  }
}
