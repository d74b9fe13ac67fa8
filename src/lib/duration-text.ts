/**
 * A duration as a clock shows it, the one way of the whole app: m:ss under an hour, h:mm:ss
 * from an hour, with a fraction after `decimal`. Plain (no locale): the screens give the
 * locale's separators (i18n's formatDuration), the CLI and the scorer's explanations keep
 * "." and "-" (scoring's formatResult).
 */

/** How finely a duration is shown: whole seconds, or with tenths, hundredths or milliseconds. */
export type DurationPrecision = 'seconds' | 'tenths' | 'hundredths' | 'milliseconds';

const STEP_MS: Record<DurationPrecision, number> = { seconds: 1000, tenths: 100, hundredths: 10, milliseconds: 1 };
const FRACTION_DIGITS: Record<DurationPrecision, number> = { seconds: 0, tenths: 1, hundredths: 2, milliseconds: 3 };

export interface DurationTextOptions {
	/** Default "seconds". */
	precision?: DurationPrecision;
	/**
	 * "down" (default) truncates as a stopwatch does, so 59.99 s with seconds precision shows
	 * "0:59"; "up" rounds up, as a countdown of time left shows it (0.2 s left → "0:01").
	 */
	round?: 'down' | 'up';
	/** Show hours even under an hour ("0:45:12"), to keep a column's width. Default false. */
	alwaysHours?: boolean;
	/** Between the seconds and the fraction. Default ".". */
	decimal?: string;
	/** Before a negative duration (one that shows more than zero). Default "-". */
	minus?: string;
}

/** 2_712_345 ms with tenths → "45:12.3"; 5_400_000 ms → "1:30:00". Throws a RangeError for NaN or ±Infinity. */
export function durationText(ms: number, options: DurationTextOptions = {}): string {
	if (!Number.isFinite(ms)) throw new RangeError(`Not a duration: ${ms}`);
	const { precision = 'seconds', round = 'down', alwaysHours = false, decimal = '.', minus = '-' } = options;
	const step = STEP_MS[precision];
	const digits = FRACTION_DIGITS[precision];
	const steps = round === 'up' ? Math.ceil(Math.abs(ms) / step) : Math.floor(Math.abs(ms) / step);
	const perSecond = 1000 / step;
	const fraction = steps % perSecond;
	const totalSeconds = (steps - fraction) / perSecond;
	const h = Math.floor(totalSeconds / 3600);
	const m = Math.floor((totalSeconds % 3600) / 60);
	const s = totalSeconds % 60;
	const ss = String(s).padStart(2, '0');
	let text = h > 0 || alwaysHours ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
	if (digits > 0) text += decimal + String(fraction).padStart(digits, '0');
	return ms < 0 && steps > 0 ? minus + text : text;
}
