// Whether the station's signals can sound now, in one word, and what a tap does about it.
// WebKit (iPad) keeps an AudioContext "suspended" unless it was created or resumed in a tap;
// a context made by a timer (the 10-minute signal after a reload) would stay silent.

/**
 * `running`: an AudioContext runs, the signals sound; `tap-needed`: none yet, or suspended
 * (or interrupted, or closed): the next tap creates or resumes it; `unavailable`: the browser
 * has no Web Audio; `muted`: the judge turned the sounds off. The heat screen shows it as
 * `data-audio` (the engine tests read it). A device without Web Audio is `unavailable` even
 * when muted: the judge must watch the clock either way.
 */
export type AudioState = 'running' | 'tap-needed' | 'unavailable' | 'muted';

/** An AudioContext's state; `none` before one exists. `interrupted` is WebKit's (a call, Siri). */
export type ContextState = AudioContextState | 'interrupted' | 'none';

export function audioState({ available, context, muted }: { available: boolean; context: ContextState; muted: boolean }): AudioState {
	if (!available) return 'unavailable';
	if (muted) return 'muted';
	return context === 'running' ? 'running' : 'tap-needed';
}

/**
 * What a tap (or a sound) does with the audio: `create` a context where there is none (or the
 * last one was closed), `resume` a suspended or interrupted one, nothing when it runs or when
 * there is no Web Audio.
 */
export function audioTapAction({ available, context }: { available: boolean; context: ContextState }): 'create' | 'resume' | null {
	if (!available || context === 'running') return null;
	return context === 'none' || context === 'closed' ? 'create' : 'resume';
}
