import type { App } from '../app-type.js';

type Starter = (app: App) => Promise<void>;
const starters = new WeakMap<object, Starter[]>();

/**
 * Areas with background work register how to start their workers here (their index's register(app)), so
 * the jobs layer depends on no area: startBackgroundJobs (background.ts) starts them with the queue.
 */
export function onJobsStart(app: App, start: Starter) {
  const list = starters.get(app) ?? [];
  list.push(start);
  starters.set(app, list);
}

export async function startRegisteredWorkers(app: App) {
  for (const start of starters.get(app) ?? []) await start(app);
}
