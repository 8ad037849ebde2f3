import { DatabaseSync } from "node:sqlite";
import { JournalInUseError } from "./journal-in-use-error.ts";

/** SQLite's "database is locked" (SQLITE_BUSY) or "table is locked" (SQLITE_LOCKED). */
function isLockError(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === "number" && ((code & 0xff) === 5 || (code & 0xff) === 6);
}

/**
 * Opens the file and takes it for this process: `locking_mode=EXCLUSIVE` holds SQLite's lock on
 * the file from the first write until the connection closes. The lock is the operating
 * system's, so it ends with the process, however it ends (a SIGKILLed owner blocks no restart).
 */
export function openOwnedDatabase(path: string, lockTimeoutMs: number): DatabaseSync {
  const db = new DatabaseSync(path, { timeout: lockTimeoutMs });
  try {
    db.exec("PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = WAL;");
    db.exec("BEGIN IMMEDIATE; COMMIT;");
  } catch (error) {
    db.close();
    if (isLockError(error)) throw new JournalInUseError(path, { cause: error });
    throw error;
  }
  return db;
}
