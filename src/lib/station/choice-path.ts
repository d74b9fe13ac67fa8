import { LEVELS, type Choice, type EventChoice, type Leaf, type Level } from './choice-tree';

/**
 * Where the judge is in the tree of choices (choice-tree.ts), step by step: event →
 * competition → heat → table. A level with exactly one choice is taken without asking; the
 * judge is asked at the first level with more than one. The heat is the last level taken
 * without asking: a heat at a single table is shown as the button that opens it.
 */

/**
 * The judge's choices: a key per level (undefined: not chosen; null: the "other" event or
 * every seat of the heat), and the level the judge went back to, if any. Stored as it is
 * (remembered-choice.ts), so keys may name things no longer on the tablet: they are ignored.
 */
export interface Selection {
	event?: string | null;
	competition?: string;
	heat?: string;
	table?: string | null;
	/** Show the first level from this one that has a real choice, even if a choice is made there. */
	at?: Level;
}

export interface Step {
	choice: Choice;
	/** The only choice of its level: taken without asking, nothing to change there. */
	auto: boolean;
}

export interface ChooserView {
	/** The selection with the parents of its deepest known choice filled in. */
	selection: Selection;
	/** The choices above the level shown, from the event down. */
	path: Step[];
	/** The level whose choices are shown. */
	level: Level;
	options: Choice[];
	/** The choice made before at this level (shown as such), if it is among the options. */
	current: Choice | null;
}

/** The deepest choice found on the tablet decides its parents (a heat belongs to one competition). */
function locate(tree: EventChoice[], selection: Selection): Selection {
	let found: Selection | null = null;
	for (const e of tree) {
		for (const c of e.children) {
			if (selection.heat !== undefined && c.children.some((h) => h.key === selection.heat)) return { ...selection, event: e.key, competition: c.key };
			if (!found && c.key === selection.competition) found = { ...selection, event: e.key };
		}
	}
	return found ?? selection;
}

export function chooserView(tree: EventChoice[], selection: Selection): ChooserView {
	const sel = locate(tree, selection);
	const path: Step[] = [];
	const backTo = sel.at === undefined ? LEVELS.length : LEVELS.indexOf(sel.at);
	let options: Choice[] = tree;
	for (const [i, level] of LEVELS.entries()) {
		const key = sel[level as keyof Selection];
		const chosen = key === undefined ? undefined : options.find((o) => o.key === key);
		const picked = chosen ?? (options.length === 1 ? options[0] : undefined);
		const stop =
			!picked ||
			(i >= backTo && options.length > 1) ||
			picked.leaves === 0 ||
			level === 'table' ||
			// A heat at one table: its own button opens it, no table to ask about.
			(level === 'heat' && picked.only !== null);
		if (stop) return { selection: sel, path, level, options, current: chosen ?? null };
		path.push({ choice: picked, auto: options.length === 1 });
		options = (picked as Exclude<Choice, { level: 'table' }>).children;
	}
	throw new Error('unreachable: the table level always stops');
}

function keysOf(path: Step[]): Selection {
	const keys: Selection = {};
	for (const { choice } of path) Object.assign(keys, { [choice.level]: choice.key });
	return keys;
}

/** Whether choosing this opens a heat (a table, or a heat at a single table). */
export function opens(choice: Choice): boolean {
	return choice.level === 'table' || (choice.level === 'heat' && choice.only !== null);
}

/**
 * The judge chose `choice` among the options shown: the heat to open, or the selection that
 * shows the next level. Choosing again what was chosen before keeps the choices below it
 * (shown as the current ones); another choice drops them.
 */
export function choose(view: ChooserView, choice: Choice): { open: Leaf; selection: Selection } | { open: null; selection: Selection } {
	const keys = keysOf(view.path);
	if (opens(choice)) {
		const leaf = choice.only!;
		return { open: leaf, selection: { ...keys, competition: leaf.competitionId, heat: leaf.heatId, table: leaf.table } };
	}
	const next = LEVELS[LEVELS.indexOf(choice.level) + 1];
	const same = view.selection[choice.level] === choice.key;
	const { at: _at, ...before } = view.selection;
	return { open: null, selection: { ...(same ? before : keys), [choice.level]: choice.key, at: next } };
}

/** Back to a level of the path to change the choice there (the choices below it are kept). */
export function reopen(view: ChooserView, level: Level): Selection {
	return { ...view.selection, at: level };
}

/** The level "back" returns to: the last one on the path with something else to choose, if any. */
export function backLevel(view: ChooserView): Level | null {
	return view.path.findLast((s) => !s.auto)?.choice.level ?? null;
}
