// Just the part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: RequestSpec) => RequestSpec;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    overallRate?: number;
    pipelining?: number;
    requests?: RequestSpec[];
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
