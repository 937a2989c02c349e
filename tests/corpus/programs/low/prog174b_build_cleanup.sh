#!/usr/bin/env bash
# Cleans the build output of the studio's portfolio site generator and
# resets the local caches, keeping the source photos and content intact.
# Run from the root of the portfolio checkout.
set -euo pipefail

ROOT="$(pwd)"
KEEP_DAYS="${CLEAN_KEEP_DAYS:-14}"
DRY_RUN="${DRY_RUN:-0}"

log() { printf '[clean] %s\n' "$*"; }

# Directories this project creates itself, relative to the checkout.
BUILD_DIRS=(_site .cache/thumbs .cache/sass dist)
CACHE_GLOBS=("*.pyc" "*.tmp" ".DS_Store")

in_checkout() {
  [[ -f "$ROOT/portfolio.toml" ]] || { log "not a portfolio checkout: $ROOT"; exit 1; }
}

remove() {
  local target="$1"
  case "$target" in
    "$ROOT"/*) ;;
    *) log "refusing to touch $target"; return 1 ;;
  esac
  if [[ "$DRY_RUN" == 1 ]]; then
    log "would remove $target"
  else
    rm -rf -- "$target"
    log "removed ${target#"$ROOT"/}"
  fi
}

clean_build_dirs() {
  local d
  for d in "${BUILD_DIRS[@]}"; do
    [[ -e "$ROOT/$d" ]] && remove "$ROOT/$d"
  done
  return 0
}

clean_cache_files() {
  local pattern f
  for pattern in "${CACHE_GLOBS[@]}"; do
    while IFS= read -r -d '' f; do
      remove "$f"
    done < <(find "$ROOT" -path "$ROOT/photos" -prune -o -name "$pattern" -type f -print0)
  done
}

prune_reports() {
  local repdir="$ROOT/reports"
  [[ -d "$repdir" ]] || return 0
  local old
  old=$(find "$repdir" -name 'linkcheck-*.html' -mtime +"$KEEP_DAYS" | wc -l)
  log "$old link-check reports older than $KEEP_DAYS days"
  find "$repdir" -name 'linkcheck-*.html' -mtime +"$KEEP_DAYS" -print0 |
    while IFS= read -r -d '' f; do remove "$f"; done
}

protect_local_config() {
  local cfg="$ROOT/.env.local"
  if [[ -f "$cfg" ]]; then
    chmod 600 "$cfg"
    log "tightened permissions on .env.local"
  fi
}

summary() {
  local size
  size=$(du -sh "$ROOT" 2>/dev/null | cut -f1)
  log "checkout now $size"
}

main() {
  in_checkout
  local steps=(clean_build_dirs clean_cache_files prune_reports protect_local_config summary)
  local s
  for s in "${steps[@]}"; do
    "$s"
  done
}

main "$@"
