import { chmodSync, closeSync, existsSync, openSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { JournalInUseError } from "./journal-in-use-error.ts";

/** SQLite's "database is locked" (SQLITE_BUSY) or "table is locked" (SQLITE_LOCKED). */
function isLockError(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === "number" && ((code & 0xff) === 5 || (code & 0xff) === 6);
}

/** The journal and the files SQLite keeps beside it: they hold every relayed event and link. */
const JOURNAL_FILES = Object.freeze(["", "-wal", "-shm", "-journal"]);

/**
 * Makes the journal readable by its owner only (0600), as the secret files are: created so
 * when new (SQLite gives its -wal and -shm files the database file's mode), tightened when an
 * earlier run left it open to others.
 */
function keepPrivate(path: string): void {
  closeSync(openSync(path, "a", 0o600));
  for (const suffix of JOURNAL_FILES) {
    if (existsSync(`${path}${suffix}`)) chmodSync(`${path}${suffix}`, 0o600);
  }
}

/**
 * Opens the file (0600) and takes it for this process: `locking_mode=EXCLUSIVE` holds SQLite's lock on
 * the file from the first write until the connection closes. The lock is the operating
 * system's, so it ends with the process, however it ends (a SIGKILLed owner blocks no restart).
 */
export function openOwnedDatabase(path: string, lockTimeoutMs: number): DatabaseSync {
  keepPrivate(path);
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
