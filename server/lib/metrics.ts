/**
 * Counters and histograms in Prometheus's text exposition format (version 0.0.4), written here rather than taken from
 * prom-client: the portal needs four metrics and a renderer, and each scrape reads the queues from the database
 * anyway (docs/operations.md). Values live in this process; every instance is scraped on its own.
 */

type Labels = Readonly<Record<string, string>>;

/** Label values are free text (a route pattern): backslash, double quote and newline are escaped, as the format says. */
function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labelText(names: readonly string[], values: readonly string[], extra = ''): string {
  const pairs = names.map((name, i) => `${name}="${escapeLabel(values[i] ?? '')}"`);
  if (extra) pairs.push(extra);
  return pairs.length > 0 ? `{${pairs.join(',')}}` : '';
}

function number(value: number): string {
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return Number.isNaN(value) ? 'NaN' : String(value);
}

interface Metric {
  render(): string;
}

export class Counter implements Metric {
  private readonly values = new Map<string, { labels: string[]; value: number }>();
  readonly name: string;
  private readonly help: string;
  private readonly labelNames: readonly string[];

  constructor(name: string, help: string, labelNames: readonly string[] = []) {
    this.name = name;
    this.help = help;
    this.labelNames = labelNames;
  }

  inc(labels: Labels = {}, by = 1): void {
    const values = this.labelNames.map((name) => labels[name] ?? '');
    const key = values.join('\u0000');
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else this.values.set(key, { labels: values, value: by });
  }

  /** The current value for these labels (0 when never counted). */
  get(labels: Labels = {}): number {
    return this.values.get(this.labelNames.map((name) => labels[name] ?? '').join('\u0000'))?.value ?? 0;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    // A counter without labels is 0 before its first event, so a rate over it starts at the instance's start.
    if (this.values.size === 0 && this.labelNames.length === 0) lines.push(`${this.name} 0`);
    for (const { labels, value } of this.values.values()) {
      lines.push(`${this.name}${labelText(this.labelNames, labels)} ${number(value)}`);
    }
    return lines.join('\n');
  }
}

export class Histogram implements Metric {
  private readonly series = new Map<string, { labels: string[]; counts: number[]; sum: number; count: number }>();
  readonly name: string;
  private readonly help: string;
  private readonly labelNames: readonly string[];
  private readonly buckets: readonly number[];

  constructor(name: string, help: string, labelNames: readonly string[], buckets: readonly number[]) {
    this.name = name;
    this.help = help;
    this.labelNames = labelNames;
    this.buckets = [...buckets].sort((a, b) => a - b);
  }

  observe(labels: Labels, value: number): void {
    const values = this.labelNames.map((name) => labels[name] ?? '');
    const key = values.join('\u0000');
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels: values, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    // Only the first bucket that holds the value is counted here; render adds them up (the format's `le` is cumulative).
    const index = this.buckets.findIndex((bound) => value <= bound);
    if (index >= 0) entry.counts[index] = (entry.counts[index] ?? 0) + 1;
    entry.sum += value;
    entry.count += 1;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += counts[i] ?? 0;
        lines.push(`${this.name}_bucket${labelText(this.labelNames, labels, `le="${number(bound)}"`)} ${cumulative}`);
      });
      lines.push(`${this.name}_bucket${labelText(this.labelNames, labels, 'le="+Inf"')} ${count}`);
      lines.push(`${this.name}_sum${labelText(this.labelNames, labels)} ${number(sum)}`);
      lines.push(`${this.name}_count${labelText(this.labelNames, labels)} ${count}`);
    }
    return lines.join('\n');
  }
}

/** A value read at scrape time (a queue's depth), rendered as a gauge. */
export function gauge(name: string, help: string, value: number): string {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${number(value)}`].join('\n');
}

/** The exposition: each metric's block, one after the other, ending with a newline as the format requires. */
export function exposition(blocks: readonly (Metric | string)[]): string {
  return `${blocks.map((block) => (typeof block === 'string' ? block : block.render())).join('\n')}\n`;
}

/** Seconds, from a millisecond to ten: a page's API call is milliseconds, a login a few hundred (argon2id). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** Every metric the portal counts in-process; queue depths are read from the database when scraped. */
export interface PortalMetrics {
  httpRequests: Counter;
  httpDuration: Histogram;
  loginFailures: Counter;
  accountLocks: Counter;
}

export function createPortalMetrics(): PortalMetrics {
  const metrics: PortalMetrics = {
    httpRequests: new Counter('portal_http_requests_total', 'HTTP requests answered, by route pattern and status', [
      'method',
      'route',
      'status',
    ]),
    httpDuration: new Histogram(
      'portal_http_request_duration_seconds',
      'Time to answer an HTTP request, by route pattern',
      ['method', 'route'],
      LATENCY_BUCKETS,
    ),
    loginFailures: new Counter(
      'portal_login_failures_total',
      'Refused logins with a password: wrong_password, unknown_email, or locked (refused during a lock)',
      ['reason'],
    ),
    accountLocks: new Counter('portal_account_locks_total', 'Accounts locked by too many wrong passwords in a row'),
  };
  // Each reason from 0, so a rate over it is defined before the first failure.
  for (const reason of ['wrong_password', 'unknown_email', 'locked']) metrics.loginFailures.inc({ reason }, 0);
  return metrics;
}
