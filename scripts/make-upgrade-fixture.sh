#!/usr/bin/env bash
# Makes tests/upgrade/fixtures/<name>.jsonl and <name>.api.json with the code of a previous release (ADR 163):
#   scripts/make-upgrade-fixture.sh <commit> [name]
# A worktree of <commit> is made in a temporary folder, given this checkout's node_modules, the seed and the fixture
# maker, run there on PGlite, and removed. Commit the two files it writes.
set -euo pipefail
commit=${1:?usage: scripts/make-upgrade-fixture.sh <commit> [name]}
root=$(git rev-parse --show-toplevel)
short=$(git rev-parse --short=7 "$commit^{commit}")
name=${2:-release-$short}
tmp=$(mktemp -d)
work="$tmp/release"
git -C "$root" worktree add --detach "$work" "$commit" >/dev/null
cleanup() {
  git -C "$root" worktree remove --force "$work"
  rm -rf "$tmp"
}
trap cleanup EXIT
ln -s "$root/node_modules" "$work/node_modules"
mkdir -p "$work/tests/upgrade" "$work/src/server/admin"
cp "$root/tests/server/support/every-record.ts" "$work/tests/server/support/every-record.ts"
cp "$root/tests/upgrade/make-fixture.run.ts" "$root/tests/upgrade/api-snapshot.ts" "$root/tests/upgrade/fixture.config.ts" \
  "$work/tests/upgrade/"
cp "$root/src/server/admin/backup-tables.ts" "$work/src/server/admin/backup-tables.ts"
mkdir -p "$root/tests/upgrade/fixtures"
# the data key the fixture is sealed with: a test key, kept in the fixture's README
key=$(cat "$root/tests/upgrade/fixtures/DATA_KEY")
(cd "$work" && FIXTURE_OUT="$root/tests/upgrade/fixtures/$name" FIXTURE_DATA_KEY="$key" FIXTURE_RELEASE="$short" \
  npx vitest run --config tests/upgrade/fixture.config.ts)
echo "Wrote tests/upgrade/fixtures/$name.jsonl and $name.api.json (release $short)."
