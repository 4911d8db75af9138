#!/usr/bin/env bash
# `npm test`: every suite, in order of speed. A suite that cannot run says so loudly; under CI it fails.
set -uo pipefail
cd "$(dirname "$0")/.."

results="$(mktemp -d)"
# the log scan reads only what this run wrote: log files changed after this mark (the folder's own time moves)
touch "$results/started"
failed=0
missing=()

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
loud() { printf '\n\033[1;31m!! %s\033[0m\n\n' "$*" >&2; }

say "Form definitions (check:forms)"
npm run --silent check:forms || failed=1

say "Unit and server tests on the embedded database (PGlite)"
env -u DATABASE_URL npx vitest run --reporter=default --reporter=json --outputFile="$results/vitest-pglite.json" || failed=1

if [ -n "${DATABASE_URL:-}" ]; then
  say "Server tests on PostgreSQL ($(echo "$DATABASE_URL" | sed -E 's#://[^@]*@#://***@#'))"
  npx vitest run --project server --reporter=default --reporter=json --outputFile="$results/vitest-postgres.json" || failed=1
else
  missing+=("the PostgreSQL server suite (DATABASE_URL is not set)")
fi

say "Fault tests: real server processes, a private PostgreSQL stopped and started (npm run test:faults)"
if [ "$(id -u)" != 0 ] || [ ! -x /usr/lib/postgresql/15/bin/initdb ]; then
  missing+=("the PostgreSQL fault tests (they need root and /usr/lib/postgresql/15/bin to start a private cluster)")
fi
FAULTS=1 npx vitest run --project faults --reporter=default --reporter=json --outputFile="$results/vitest-faults.json" || failed=1

say "Deployment recipe: nginx with TLS in front of two built servers on one PostgreSQL (npm run test:deploy)"
if [ "$(id -u)" != 0 ] || [ ! -x "${NGINX_BIN:-/usr/sbin/nginx}" ] || [ -z "${DATABASE_URL:-}" ]; then
  missing+=("the deployment recipe test (it needs root, nginx: apt-get install -y nginx, and DATABASE_URL)")
fi
DEPLOY=1 npx vitest run --project deploy --reporter=default --reporter=json --outputFile="$results/vitest-deploy.json" || failed=1

if [ -x /usr/bin/chromium ]; then
  say "End-to-end tests in Chromium (Playwright)"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json || failed=1
else
  missing+=("the end-to-end suite (/usr/bin/chromium is missing: apt-get install -y chromium)")
fi

for suite in "${missing[@]}"; do
  loud "NOT RUN: $suite"
done
if [ "${#missing[@]}" -gt 0 ] && [ "${CI:-}" = "true" ]; then
  loud "Under CI every suite must run."
  failed=1
fi

say "Log scan: no token, password, national ID or client text in the server logs of this run"
node scripts/scan-logs.mjs --since "$results/started" --json "$results/log-scan.json" \
  "${LOG_CAPTURE_DIR:-test-results/server-logs}" || failed=1

node scripts/test-summary.mjs "$results" || failed=1
exit "$failed"
