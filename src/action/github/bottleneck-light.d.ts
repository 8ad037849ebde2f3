// The light build of Bottleneck (no clustering), the one @octokit/plugin-throttling itself uses;
// its API is the full build's, whose types the package ships.
declare module "bottleneck/light.js" {
  import Bottleneck from "bottleneck";
  export default Bottleneck;
}
