/**
 * In the page: the WCAG contrast ratio of an element's own text on its own background. axe-core
 * leaves a native <select>'s text out of its colour-contrast rule (how issue 30 #23, a display's
 * language menu written in its background's colour, went unseen). Self-contained: Playwright's
 * `evaluate` (an element) and the engine tests' WebDriver (a selector) run it in the page.
 */
export function textContrast(target: Element | string): number {
	const el = typeof target === 'string' ? document.querySelector(target) : target;
	if (!el) return 0;
	const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
	const luminance = ([r, g, b]: number[]) => {
		const c = [r!, g!, b!].map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
		return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
	};
	const style = getComputedStyle(el);
	const [a, b] = [luminance(rgb(style.color)), luminance(rgb(style.backgroundColor))];
	return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
