import { scaleLinear } from 'd3-scale';

/**
 * A plot's frame (PlotAxes.svelte draws it): its viewBox, margins, scales from values to the
 * viewBox, and the counts' ticks. The horizontal axis is time (its ticks are the caller's: they
 * depend on how time is written); the vertical one counts whole things (finishers), from 0.
 */
export interface PlotFrame {
	width: number;
	height: number;
	margin: { top: number; right: number; bottom: number; left: number };
	x: (value: number) => number;
	y: (value: number) => number;
	/** Whole counts only: no tick at 0.5 finishers. */
	yTicks: number[];
	/** The width the time axis spans (for fitting its tick labels). */
	xSpan: number;
}

// The right margin holds half of the last tick's label ("1:30:00" centred on the axis' end).
const MARGIN = { top: 12, right: 28, bottom: 44, left: 48 };

export function plotFrame(
	width: number,
	height: number,
	xDomain: readonly [number, number],
	yMax: number,
	{ nice = false }: { nice?: boolean } = {}
): PlotFrame {
	const m = MARGIN;
	const x = scaleLinear().domain(xDomain).range([m.left, width - m.right]);
	const y = scaleLinear().domain([0, yMax]).range([height - m.bottom, m.top]);
	if (nice) y.nice();
	return { width, height, margin: m, x, y, yTicks: y.ticks(Math.min(yMax, 5)).filter(Number.isInteger), xSpan: width - m.right - m.left };
}
