/**
 * Runs `run` once what the screen just rendered has painted: at the browser's next largest-contentful-paint
 * entry (Chromium reports them; a phone's slow network is charged every request started before it, issue #34),
 * or after two frames where there are no such entries, and after `maxMs` at the latest (the render was no new
 * largest paint, or the user already touched the page, which ends the entries). Answers the function that
 * cancels it.
 */
export function afterContentPaint(run: () => void, maxMs = 1000): () => void {
  let done = false;
  let frame = 0;
  let observer: PerformanceObserver | undefined;
  const since = performance.now();
  const stop = () => {
    done = true;
    observer?.disconnect();
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
  const finish = () => {
    if (done) return;
    stop();
    run();
  };
  const timer = setTimeout(finish, maxMs);
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) setTimeout(finish, 0);
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  } else {
    // A frame's callbacks run before its paint: the second frame's come after the first one painted.
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setTimeout(finish, 0));
    });
  }
  return stop;
}
