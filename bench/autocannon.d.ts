// The parts of autocannon 8 (no published types) that the benchmarks use.
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called with each answer (autocannon then reads the body). */
    onResponse?: (status: number, body: string) => void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    workers?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    /** Called with each connection's client as it opens. */
    setupClient?: (client: Client) => void;
  }
  export interface Client {
    setRequests(requests: Request[]): void;
  }
  export interface Result {
    latency: Histogram;
    requests: Histogram & { total: number; sent: number };
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
