// Files the tools write for their users: reports, state, secrets.

export { type AtomicWriteOptions, writeFileAtomically } from "./write-file-atomically.ts";
