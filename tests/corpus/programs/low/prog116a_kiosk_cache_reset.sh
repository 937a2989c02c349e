#!/usr/bin/env bash
# kiosk-reset.sh - reset the check-in kiosk app between days.
#
# The nail bar's self check-in kiosk runs from this checkout.  After a day
# of walk-ins the bundler cache and build output get stale and the tablet
# starts showing yesterday's queue.  This clears the app's own build and
# cache folders, rebuilds, and prints how much space came back.
#
# usage: kiosk-reset.sh [-n] [-q] [--no-build]
set -euo pipefail

APP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DRY_RUN=0
QUIET=0
REBUILD=1
CACHE_DIRS=(build dist .cache .parcel-cache node_modules/.cache .pytest_cache)
STATE_FILES=(queue-snapshot.json checkin-session.json)

log() { [ "$QUIET" -eq 1 ] || printf '[kiosk-reset] %s\n' "$*"; }

for arg in "$@"; do
  case "$arg" in
    -n|--dry-run) DRY_RUN=1 ;;
    -q|--quiet)   QUIET=1 ;;
    --no-build)   REBUILD=0 ;;
    -h|--help)    sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

cd "$APP_DIR"
[ -f package.json ] || { echo "not a kiosk checkout: $APP_DIR" >&2; exit 1; }

remove() {
  local target="$1"
  [ -e "$target" ] || return 0
  if [ "$DRY_RUN" -eq 1 ]; then
    log "would remove $target"
  else
    rm -rf -- "$target"
    log "removed $target"
  fi
}

space_used() { du -sk . 2>/dev/null | cut -f1; }

clear_app_caches() {
  local d
  for d in "${CACHE_DIRS[@]}"; do
    remove "./$d"
  done
  while IFS= read -r -d '' d; do
    remove "$d"
  done < <(find . -path ./node_modules -prune -o -type d -name __pycache__ -print0)
}

clear_session_state() {
  local f
  for f in "${STATE_FILES[@]}"; do
    remove "./$f"
  done
}

rebuild() {
  [ "$REBUILD" -eq 1 ] && [ "$DRY_RUN" -eq 0 ] || return 0
  log "rebuilding kiosk bundle"
  if ! npm run --silent build; then
    echo "build failed; kiosk will show the maintenance page" >&2
    return 1
  fi
}

before=$(space_used)
clear_app_caches
clear_session_state
rebuild
after=$(space_used)
log "done: $(( (before - after) / 1024 )) MiB freed in $APP_DIR"
