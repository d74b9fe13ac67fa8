/**
 * The levels of the station's chooser, from the top: event (the competition day) → competition →
 * heat → table. Apart from the tree of choices (choice-tree.ts) because the remembered choice
 * checks its level on the home's first paint, which does not load the chooser's code.
 */
export const LEVELS = ['event', 'competition', 'heat', 'table'] as const;
export type Level = (typeof LEVELS)[number];
