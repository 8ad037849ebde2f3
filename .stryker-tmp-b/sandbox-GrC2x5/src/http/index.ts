// @ts-nocheck
// Server-side HTTP edges shared by the relay and the emulator.
export {
  answerBeforeBody,
  DEFAULT_LINGER_LIMITS,
  type LingerLimits,
} from "./answer-before-body.ts";
