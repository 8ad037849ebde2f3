import { createGithubState, type GithubState } from "./github-state.ts";

/** The recording GitHub of one emulator: the same state the test stand-in keeps. */
export function createGithubRecorder(now?: () => Date): GithubState {
  return createGithubState(now);
}

/** A recording GitHub of one emulator. */
export type GithubRecorder = GithubState;
