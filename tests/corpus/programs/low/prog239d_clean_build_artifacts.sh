#!/usr/bin/env bash
# clean_build_artifacts.sh - removes build output and caches from the planning
# portal front-end checkout (the current directory) and then checks that the
# staging portal answers, so a fresh build can be started.
#
# Usage: clean_build_artifacts.sh [-n] [-a] [-q]
#   -n  dry run, only list what would be removed
#   -a  also remove node_modules
#   -q  quiet

set -euo pipefail

DRY_RUN=0
ALL=0
QUIET=0
STATUS_URL="https://staging-portal.example.org/healthz"
PROJECT_MARKER="package.json"

TARGETS=(build dist coverage .cache .parcel-cache .pytest_cache .mypy_cache .tox)
PATTERNS=("__pycache__" "*.pyc" "*.log" ".eslintcache")

say() { [[ "$QUIET" -eq 1 ]] || printf '%s\n' "$*"; }

while getopts ":naq" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    a) ALL=1 ;;
    q) QUIET=1 ;;
    *) sed -n '2,10p' "$0"; exit 2 ;;
  esac
done

guard_workdir() {
  local here
  here="$(pwd -P)"
  if [[ "$here" == "/" || "$here" == "$(cd ~ && pwd -P)" ]]; then
    echo "refusing to clean $here" >&2
    exit 1
  fi
  [[ -f "$PROJECT_MARKER" ]] || { echo "no $PROJECT_MARKER here; not a portal checkout" >&2; exit 1; }
}

remove_path() {
  local p="$1"
  [[ -e "$p" ]] || return 0
  if [[ "$DRY_RUN" -eq 1 ]]; then
    say "would remove ./$p"
  else
    rm -rf -- "./$p"
    say "removed ./$p"
  fi
}

clean_targets() {
  local t
  for t in "${TARGETS[@]}"; do
    remove_path "$t"
  done
  [[ "$ALL" -eq 1 ]] && remove_path node_modules
  return 0
}

clean_patterns() {
  local pat found
  for pat in "${PATTERNS[@]}"; do
    found=$(find . -path ./node_modules -prune -o -name "$pat" -print | wc -l)
    [[ "$found" -gt 0 ]] || continue
    if [[ "$DRY_RUN" -eq 1 ]]; then
      say "would remove $found matches of $pat"
    else
      find . -path ./node_modules -prune -o -name "$pat" -exec rm -rf -- {} +
      say "removed $found matches of $pat"
    fi
  done
}

check_staging() {
  local code
  code=$(curl -sI -o /dev/null -w '%{http_code}' --max-time 10 "$STATUS_URL" || echo 000)
  if [[ "$code" == "200" ]]; then
    say "staging portal healthy"
  else
    say "staging portal answered $code; build may fail integration tests"
  fi
}

main() {
  guard_workdir
  clean_targets
  clean_patterns
  check_staging
  say "clean complete"
}

main
