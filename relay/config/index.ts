export { resolveRelayConfig } from "./config.ts";
export { GITHUB_AUTHOR, GITHUB_LOGIN } from "./github-login.ts";
export { LOG_LEVELS, type LogLevel } from "./log-levels.ts";
export type { RelayConfig } from "./relay-config.ts";
export {
  isRelayConfigError,
  RelayConfigError,
  type RelayConfigProblem,
} from "./relay-config-error.ts";
export { RELAY_DEFAULTS } from "./relay-defaults.ts";
export { relayUsage } from "./relay-usage.ts";
export { RELAY_VARIABLES } from "./relay-variables.ts";
export { mentionOf } from "./slack-mentions.ts";
export { routeChannel, type SlackRoute } from "./slack-routes.ts";
export type { TraceSamplerName, TracingConfig } from "./tracing-config.ts";
