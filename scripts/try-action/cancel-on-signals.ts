/**
 * Ctrl+C and SIGTERM for a command that must clean up before it exits: the first signal aborts
 * `cancel` (the work winds down and reports what it has), a second one aborts `kill` (stop at
 * once; the cleanup still runs). `dispose` removes the handlers.
 */
export function cancelOnSignals(process: NodeJS.Process) {
  const cancel = new AbortController();
  const kill = new AbortController();
  let received: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received === undefined) {
      received = signal;
      cancel.abort(new Error(`Cancelled by ${signal}.`));
    } else kill.abort(new Error(`Stopped by a second ${signal}.`));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    cancel: cancel.signal,
    kill: kill.signal,
    /** The first signal received, if any. */
    received: () => received,
    dispose() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}
