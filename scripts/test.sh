#!/usr/bin/env bash
# The test tiers (docs/testing.md):
#   npm test           (scripts/test.sh)         the gate: type and Svelte checks and the dependency rules
#                                                (at once), unit tests, the production build; the HTTP tests,
#                                                the sync chaos test and the station in WebKit and Firefox (at
#                                                once); Playwright (Chromium, every test not tagged @full, the
#                                                sweeps at sample size).
#   npm run test:full  (scripts/test.sh --full)  the same with every Playwright test and the sweeps at
#                                                full size (E2E_FULL=1): what .ci/run runs.
# Each section's time (and its parts') and, at the end, the 15 slowest tests and every Playwright retry are printed.
set -euo pipefail
cd "$(dirname "$0")/.."

TIER=gate
case "${1:-}" in
	'') ;;
	--full) TIER=full ;;
	*) echo "usage: scripts/test.sh [--full]" >&2; exit 2 ;;
esac

mkdir -p tests/.tmp
SECTIONS=tests/.tmp/test-sections.tsv
UNIT_JSON=tests/.tmp/vitest-unit-report.json
HTTP_JSON=tests/.tmp/vitest-http-report.json
PLAYWRIGHT_JSON=tests/.tmp/e2e-report.json
: >"$SECTIONS"
rm -f "$UNIT_JSON" "$HTTP_JSON" "$PLAYWRIGHT_JSON"
STARTED=$(date +%s)

report() {
	local status=$?
	if [[ $status -eq 0 ]]; then
		printf '\n==== All tests passed (%s, %d s) ====\n' "$TIER" "$(($(date +%s) - STARTED))"
	else
		printf '\n==== FAILED (%s): the failing section is the last one above ====\n' "$TIER"
	fi
	printf '\n==== Report (%s) ====\n\n' "$TIER"
	node scripts/test-report.js "$SECTIONS" "$PLAYWRIGHT_JSON" "$UNIT_JSON" "$HTTP_JSON" || true
	exit "$status"
}
trap report EXIT

# section NAME COMMAND...: runs the command under a heading and notes its time (a failed one's too).
section() {
	local name=$1
	shift
	printf '\n==== %s ====\n\n' "$name"
	local began=$SECONDS status=0
	"$@" || status=$?
	local mark=''
	[[ $status -eq 0 ]] || mark=" (FAILED, exit $status)"
	printf '%s\t%s%s\n' "$((SECONDS - began))" "$name" "$mark" >>"$SECTIONS"
	return "$status"
}

browsers() {
	# Debian's Chromium for Playwright; WebKitGTK's WebDriver and MiniBrowser (as on iPads), an X
	# server without a screen for it, and Firefox ESR for the engine tests (../shared/TOOLCHAIN.md);
	# nginx for the reverse-proxy test (tests/http/live-proxy.test.ts).
	local missing=()
	[[ -x /usr/bin/chromium ]] || missing+=(chromium)
	[[ -x /usr/bin/chromium-headless-shell ]] || missing+=(chromium-headless-shell)
	[[ -x /usr/bin/WebKitWebDriver ]] || missing+=(webkit2gtk-driver)
	[[ -n ${DISPLAY:-} || -x /usr/bin/Xvfb ]] || missing+=(xvfb)
	[[ -x /usr/bin/firefox-esr ]] || missing+=(firefox-esr)
	[[ -x /usr/sbin/nginx ]] || missing+=(nginx-light)
	if [[ ${#missing[@]} -eq 0 ]]; then
		echo "found /usr/bin/chromium, /usr/bin/chromium-headless-shell, /usr/bin/WebKitWebDriver (its MiniBrowser comes with it), /usr/bin/firefox-esr, /usr/sbin/nginx, and ${DISPLAY:+DISPLAY=}${DISPLAY:-/usr/bin/Xvfb}"
	elif [[ $(id -u) -eq 0 ]]; then
		echo "missing: ${missing[*]}: installing Debian's packages"
		apt-get update
		# No service may start from these packages (nginx would listen on every address's port 80):
		# the tests start their own, on 127.0.0.1.
		local policy=/usr/sbin/policy-rc.d own_policy=
		[[ -e $policy ]] || { printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && own_policy=1; }
		local installed=0
		apt-get install -y "${missing[@]}" || installed=$?
		[[ -z $own_policy ]] || rm -f "$policy"
		[[ $installed -eq 0 ]] || return "$installed"
	else
		echo "The browser and proxy tests need Debian's ${missing[*]}; install with:" >&2
		echo "" >&2
		echo "    sudo apt-get install -y ${missing[*]}" >&2
		echo "" >&2
		echo "then run npm test again." >&2
		return 1
	fi
}

# at_once HEADING1 COMMAND1 HEADING2 COMMAND2 [...]: the commands (strings for bash) at once, then
# each one's output in turn under its heading with its own time; fails when any does. For work
# that leaves a core idle alone (one core busy, or waiting on a network's delays or a driver):
# together the parts take little more than the longest, not their sum.
at_once() {
	local out=tests/.tmp/at-once
	rm -rf "$out" && mkdir -p "$out"
	local -a pids=() names=()
	local i=0
	while [[ $# -gt 0 ]]; do
		names+=("$1")
		bash -c "began=\$SECONDS; status=0; $2 || status=\$?; echo \$((SECONDS - began)) >'$out/$i.time'; exit \$status" >"$out/$i.log" 2>&1 &
		pids+=($!)
		i=$((i + 1))
		shift 2
	done
	local failed=0 status
	for i in "${!pids[@]}"; do
		status=0
		wait "${pids[$i]}" || status=$?
		[[ $status -eq 0 ]] || failed=1
		local took
		took=$(cat "$out/$i.time" 2>/dev/null || echo 0)
		printf -- '\n-- %s (%s s%s)\n' "${names[$i]}" "$took" "$([[ $status -eq 0 ]] || echo ", FAILED, exit $status")"
		cat "$out/$i.log"
		printf '%s\t%s\tpart\n' "$took" "${names[$i]}$([[ $status -eq 0 ]] || echo " (FAILED, exit $status)")" >>"$SECTIONS"
	done
	return "$failed"
}

# svelte-check and the dependency rules at once (each mostly one core). Not beside the unit tests
# or the build: vitest's SvelteKit plugin rewrites .svelte-kit/generated for its own mode, and a
# build made while it did was broken (every page of a test:full run failed to start, 6 Dec 2026).
static_checks() {
	npm run --silent i18n:compile
	npx svelte-kit sync
	at_once 'svelte-check' 'npx svelte-check --tsconfig ./tsconfig.json --fail-on-warnings' \
		'dependency rules (folders one way, scoring pure, server code on the server)' 'npm run --silent check:deps'
}

# The HTTP tests, the sync chaos test and the station in WebKit and Firefox at once: much of each
# is waiting (a rate limit's Retry-After, the faulty network's delays, WebKit's and Firefox's
# drivers), so together they take little more than the longest.
http_chaos_engines() {
	at_once 'HTTP tests (vitest, a production server per worker)' "npx vitest run --project http --reporter=default --reporter=json --outputFile.json=$HTTP_JSON" \
		'sync chaos test: 20 tablets, faulty network, server SIGKILLs' 'npm run --silent test:chaos' \
		'the station in WebKit and Firefox' 'npm run --silent test:engines'
}

PLAYWRIGHT_ARGS=()
if [[ $TIER == full ]]; then
	export E2E_FULL=1
else
	PLAYWRIGHT_ARGS+=(--grep-invert @full)
fi

section "Browsers (Debian's packages)" browsers
section "svelte-check and the dependency rules, at once" static_checks
section "Unit tests (vitest, both cores)" npx vitest run --project unit --project runes --reporter=default --reporter=json --outputFile.json="$UNIT_JSON"
section "Production build (npm run build)" npm run build
section "HTTP tests, the sync chaos test and the station in WebKit and Firefox, at once" http_chaos_engines
section "End-to-end tests (Playwright, Chromium, two workers${E2E_FULL:+, full sweeps})" npx playwright test "${PLAYWRIGHT_ARGS[@]}"
