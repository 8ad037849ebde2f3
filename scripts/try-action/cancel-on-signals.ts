/**
 * Ctrl+C and SIGTERM for a command that must clean up before it exits: the first signal aborts
 * `cancel` (the work winds down, within its own bounds, and reports what it has); later ones
 * change nothing (`npm run` hands a terminal's Ctrl+C on, so one keypress can arrive twice).
 * `dispose` removes the handlers.
 */
export function cancelOnSignals(process: NodeJS.Process) {
  const cancel = new AbortController();
  let received: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received !== undefined) return;
    received = signal;
    cancel.abort(new Error(`Cancelled by ${signal}.`));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    cancel: cancel.signal,
    /** The first signal received, if any. */
    received: () => received,
    dispose() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}
