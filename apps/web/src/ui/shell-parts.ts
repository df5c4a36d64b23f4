import { useEffect, useState } from 'react';

/**
 * The shell's secondary parts (the footer's parked lines, alerts and real-time client, the top bar's phone
 * field with its Select) load after the first screen. Most screens draw at once, so "after" is the first
 * paint. A screen whose first content waits on its own read on a phone's slow network (the installer's day)
 * holds them until it has drawn it: started beside it, their code and reads compete with the day's stops for
 * the link (issue #34, Lighthouse on a phone). A hold is taken before the first render (the screen's route
 * module, when the app opens on its address) and ends when the screen says so or after HOLD_MS at the most.
 */
const HOLD_MS = 6000;

let holds = 0;
const waiting = new Set<() => void>();

function notify() {
  if (holds > 0) return;
  for (const run of [...waiting]) run();
}

/** Holds the shell's secondary parts; the answer releases the hold (once; later calls do nothing). */
export function holdShellParts(): () => void {
  holds += 1;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    holds -= 1;
    notify();
  };
  const timer = setTimeout(release, HOLD_MS);
  return release;
}

/** True once the shell's secondary parts may load: after the first paint, and after every hold is released. */
export function shellPartsFree(): boolean {
  return holds === 0;
}

/** Runs `run` once no hold is left (at once when none is); answers the function that cancels it. */
export function whenShellPartsFree(run: () => void): () => void {
  if (holds === 0) {
    run();
    return () => undefined;
  }
  const once = () => {
    waiting.delete(once);
    run();
  };
  waiting.add(once);
  return () => waiting.delete(once);
}

/** The shell's secondary parts may render: after the first paint and once the screen's hold is released. */
export function useShellPartsReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel: () => void = () => undefined;
    const id = requestAnimationFrame(() => {
      const t = setTimeout(() => {
        cancel = whenShellPartsFree(() => setReady(true));
      }, 0);
      cancel = () => clearTimeout(t);
    });
    return () => {
      cancelAnimationFrame(id);
      cancel();
    };
  }, []);
  return ready;
}
