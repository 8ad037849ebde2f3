export {
  createRelayApp,
  type RelayAppOptions,
  type RelayRequestListener,
} from "./create-relay-app.ts";
export { WEBHOOK_BODY_LIMIT_BYTES, WEBHOOK_PATH } from "./webhook-route.ts";
