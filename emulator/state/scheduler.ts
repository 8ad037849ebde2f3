/** Timers that all stop on close, so `close()` leaves nothing running. */
export interface Scheduler {
  schedule(delayMs: number, task: () => void): void;
  clear(): void;
  readonly closed: boolean;
}

export function createScheduler(): Scheduler {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  return {
    schedule(delayMs, task) {
      if (closed) return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          if (!closed) task();
        },
        Math.max(0, delayMs),
      );
      timers.add(timer);
    },
    clear() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
    get closed() {
      return closed;
    },
  };
}
