// The entry of `npm run cli`: npm starts scripts in the package root, but relative paths on the
// command line mean the folder the command was typed in, which npm passes as INIT_CWD.
import { recordLaunchParentPid } from "../shared/launch-parent.ts";

// Before bin.ts and the CLI load: see bin/launch-parent.js.
recordLaunchParentPid();
const typedIn = process.env.INIT_CWD;
if (typedIn) process.chdir(typedIn);
await import("./bin.ts");
