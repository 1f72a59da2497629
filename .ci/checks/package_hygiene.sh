#!/usr/bin/env bash
# Package hygiene of the generated ceiling_scout/ (read with ast, nothing imported): no module imports another's private
# names (beyond .ci/private_import_allowlist.txt), no import cycles among module-level imports, and no file with more
# lines over 120 characters than .ci/line_length_baseline.json allows. The checker's own fixture tests run first.
set -eu
cd "$(dirname "$0")/../.."
python scripts/test_check_package.py
python scripts/check_package.py
