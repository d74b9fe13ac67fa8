/**
 * Which way a box that scrolls sideways has more to show: its content hidden past the end,
 * before the start, both, or neither (null: it fits, or is not scrolled). The half pixel
 * absorbs a browser's fractional scroll positions.
 */
export type ScrollSides = 'start' | 'end' | 'both' | null;

export function scrollSides(scrollLeft: number, scrollWidth: number, clientWidth: number): ScrollSides {
	const before = scrollLeft > 0.5;
	const after = scrollLeft + clientWidth < scrollWidth - 0.5;
	return before && after ? 'both' : before ? 'start' : after ? 'end' : null;
}

/**
 * Keeps `onchange` told of the box's scroll sides as it scrolls, resizes or its content
 * changes size (an attachment: `{@attach watchScrollSides(fn)}`).
 */
export function watchScrollSides(onchange: (sides: ScrollSides) => void) {
	return (box: HTMLElement) => {
		let last: ScrollSides | undefined;
		const measure = () => {
			const sides = scrollSides(box.scrollLeft, box.scrollWidth, box.clientWidth);
			if (sides !== last) onchange((last = sides));
		};
		const resized = new ResizeObserver(measure);
		resized.observe(box);
		for (const child of box.children) resized.observe(child);
		box.addEventListener('scroll', measure, { passive: true });
		measure();
		return () => {
			resized.disconnect();
			box.removeEventListener('scroll', measure);
		};
	};
}
