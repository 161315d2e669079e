#!/usr/bin/env bash
# Turns the printed receipts the browser spec saves (tests/e2e/job-lifecycle.spec.ts: Chromium's PDF output, one A4
# page in English and one in Arabic per build) into PNGs to look at by eye. Needs pdftoppm (Debian: poppler-utils).
set -euo pipefail
command -v pdftoppm >/dev/null || { echo "pdftoppm is missing: apt-get install -y poppler-utils" >&2; exit 1; }
shopt -s nullglob
pdfs=(/tmp/job-*-receipt-*.pdf)
[ ${#pdfs[@]} -gt 0 ] || { echo "no printed receipts in /tmp: run npx playwright test tests/e2e/job-lifecycle.spec.ts first" >&2; exit 1; }
for pdf in "${pdfs[@]}"; do
  pdftoppm -png -r 80 -singlefile "$pdf" "${pdf%.pdf}"
  echo "${pdf%.pdf}.png"
done
