// The few parts of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Request) => Request;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    overallRate?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  };
  type Result = {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number; max: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
