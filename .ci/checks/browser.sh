#!/usr/bin/env bash
# The notebooks in a real browser (issue 13): JupyterLab on 127.0.0.1 (no token) driven by Debian's Chromium through
# Playwright for Python. explore.ipynb is run, its controls changed, Run, Stop and the kernel's Interrupt used, and its
# charts, table, stderr, Log Console and file on disk checked; sweep.ipynb runs on the recorded H100 data; its HTML
# report is opened with every http(s) request refused. Screenshots of failures go to $BROWSER_SHOTS (or a temp folder).
set -u
cd "$(dirname "$0")/../.."
chromium="${CHROMIUM:-/usr/bin/chromium}"
[ -x "$chromium" ] || { echo "FAIL: no Chromium at $chromium (the install step of .ci/test runs apt-get install chromium)"; exit 1; }
python -c "import playwright.sync_api" 2>/dev/null || { echo "FAIL: playwright is not installed (a dev requirement in settings.ini)"; exit 1; }
shots="${BROWSER_SHOTS:-$(mktemp -d)}"
timeout 480 python tests/browser/browser_test.py --out "$shots"
