import { performance } from 'node:perf_hooks';

/** Wall-clock ms with a fraction, comparable across the live benchmark's processes (bench/live.bench.ts). */
export const clock = () => performance.timeOrigin + performance.now();
