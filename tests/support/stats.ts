/** Percentiles over many samples (nearest-rank), rounded for reports. */

export interface Distribution {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

const round = (value: number, digits = 1): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

export function distribution(samples: ArrayLike<number>): Distribution {
  const n = samples.length;
  if (n === 0) return { count: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN, mean: NaN };
  const sorted = Float64Array.from(samples).sort();
  const at = (q: number) => sorted[Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))] ?? NaN;
  let sum = 0;
  for (const v of sorted) sum += v;
  return { count: n, p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)), max: round(sorted[n - 1] ?? NaN), mean: round(sum / n) };
}

/** Joins several sample arrays (from several worker processes) into one. */
export function concatSamples(parts: readonly ArrayLike<number>[]): Float64Array {
  const total = parts.reduce((sum, p) => sum + p.length, 0);
  const out = new Float64Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export { round };
