/** The 95% Wilson score interval of a rate: honest at small counts and near 0 or 1, unlike p ± 1.96·se. */
export function wilson(wins: number, n: number, z = 1.959963984540054): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = wins / n;
  const denominator = 1 + (z * z) / n;
  const centre = p + (z * z) / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return { low: Math.max(0, (centre - margin) / denominator), high: Math.min(1, (centre + margin) / denominator) };
}
