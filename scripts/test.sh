#!/usr/bin/env bash
# The whole test suite: type and Svelte checks, the dependency rules, unit tests, production
# build, the sync chaos test, Playwright e2e (Chromium), the station in WebKit and Firefox.
set -euo pipefail
cd "$(dirname "$0")/.."

section() {
	printf '\n==== %s ====\n\n' "$1"
}

section "Chromium for Playwright"
if [[ -x /usr/bin/chromium ]]; then
	echo "found /usr/bin/chromium"
elif [[ $(id -u) -eq 0 ]]; then
	echo "/usr/bin/chromium is missing: installing Debian's chromium"
	apt-get update
	apt-get install -y chromium
else
	echo "/usr/bin/chromium is missing. The e2e tests use Debian's Chromium; install it with:" >&2
	echo "" >&2
	echo "    sudo apt-get install -y chromium" >&2
	echo "" >&2
	echo "then run npm test again." >&2
	exit 1
fi

section "WebKit and Firefox for the engine tests"
# WebKitGTK's WebDriver and MiniBrowser (as on iPads), an X server without a screen for it, and
# Firefox ESR: Debian's packages, as Chromium above (../shared/TOOLCHAIN.md, "Other browser engines").
ENGINE_PACKAGES=()
[[ -x /usr/bin/WebKitWebDriver ]] || ENGINE_PACKAGES+=(webkit2gtk-driver)
[[ -n ${DISPLAY:-} || -x /usr/bin/Xvfb ]] || ENGINE_PACKAGES+=(xvfb)
[[ -x /usr/bin/firefox-esr ]] || ENGINE_PACKAGES+=(firefox-esr)
if [[ ${#ENGINE_PACKAGES[@]} -eq 0 ]]; then
	echo "found /usr/bin/WebKitWebDriver (its MiniBrowser comes with it), /usr/bin/firefox-esr, and ${DISPLAY:+DISPLAY=}${DISPLAY:-/usr/bin/Xvfb}"
elif [[ $(id -u) -eq 0 ]]; then
	echo "missing: ${ENGINE_PACKAGES[*]}: installing Debian's packages"
	apt-get update
	apt-get install -y "${ENGINE_PACKAGES[@]}"
else
	echo "The engine tests (WebKit as on iPads, Firefox) need Debian's ${ENGINE_PACKAGES[*]}; install with:" >&2
	echo "" >&2
	echo "    sudo apt-get install -y ${ENGINE_PACKAGES[*]}" >&2
	echo "" >&2
	echo "then run npm test again." >&2
	exit 1
fi

section "svelte-check (npm run check)"
npm run check

section "Dependency rules (npm run check:deps): folders one way, scoring pure, server code on the server"
npm run check:deps

section "Unit tests (vitest)"
npx vitest run

section "Production build (npm run build)"
npm run build

section "Sync chaos test (npm run test:chaos): 20 tablets, faulty network, server SIGKILLs"
npm run test:chaos

section "End-to-end tests (playwright)"
npx playwright test

section "The station in WebKit and Firefox (npm run test:engines)"
npm run test:engines

section "All tests passed"
