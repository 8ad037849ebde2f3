// Files the tools write for their users: reports, state, secrets.

export { MAX_PATH_LENGTH, makeFolder } from "./make-folder.ts";
export { type AtomicWriteOptions, writeFileAtomically } from "./write-file-atomically.ts";
