/**
 * One value per app instance (the alert hub, the job queue, the traffic meter, the browser error counters), made
 * on first use and forgotten with the app: tests build many apps in one process, and each gets its own.
 * `peek` reads it without making it (to stop or report only what exists).
 */
export function perApp<A extends object, T>(
  make: (app: A) => T,
): ((app: A) => T) & { peek: (app: A) => T | undefined } {
  const made = new WeakMap<A, T>();
  const of = (app: A): T => {
    let value = made.get(app);
    if (value === undefined) {
      value = make(app);
      made.set(app, value);
    }
    return value;
  };
  return Object.assign(of, { peek: (app: A) => made.get(app) });
}
