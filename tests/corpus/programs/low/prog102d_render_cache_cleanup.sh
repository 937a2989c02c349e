#!/usr/bin/env bash
# render_cache_cleanup.sh - housekeeping for the mockup render project.
#
#  * prunes rendered mockup previews older than RENDER_DAYS
#  * gzips order exports older than EXPORT_DAYS
#  * clears the thumbnail/render caches and the build directory
#
# Only touches directories inside the current project checkout.
#
# usage: render_cache_cleanup.sh [-n] [-r render_days] [-e export_days]
#   -n  dry run: print what would be removed

set -euo pipefail

RENDER_DAYS=14
EXPORT_DAYS=30
DRY=0
ROOT="$(pwd -P)"

while getopts ":nr:e:" opt; do
  case "$opt" in
    n) DRY=1 ;;
    r) RENDER_DAYS="$OPTARG" ;;
    e) EXPORT_DAYS="$OPTARG" ;;
    *) echo "usage: $0 [-n] [-r days] [-e days]" >&2; exit 64 ;;
  esac
done

note() { echo "[cleanup] $*"; }

[[ -f "$ROOT/render.toml" || -d "$ROOT/templates" ]] || {
  echo "run this from the render project root (no render.toml here)" >&2
  exit 65
}

rm_old() {
  # rm_old DIR DAYS PATTERN
  local dir="$1" days="$2" pat="$3"
  [[ -d "$dir" ]] || return 0
  if (( DRY )); then
    find "$dir" -type f -name "$pat" -mtime +"$days" -print
  else
    find "$dir" -type f -name "$pat" -mtime +"$days" -delete
  fi
}

prune_renders() {
  note "renders older than ${RENDER_DAYS}d"
  rm_old "$ROOT/previews" "$RENDER_DAYS" '*.jpg'
  rm_old "$ROOT/previews" "$RENDER_DAYS" '*.webp'
}

compress_exports() {
  note "compressing order exports older than ${EXPORT_DAYS}d"
  [[ -d "$ROOT/exports" ]] || return 0
  find "$ROOT/exports" -type f -name '*.csv' -mtime +"$EXPORT_DAYS" -print0 |
    while IFS= read -r -d '' f; do
      (( DRY )) && { echo "gzip $f"; continue; }
      gzip -9 "$f"
    done
}

clear_caches() {
  note "render caches"
  local d
  for d in "$ROOT/.cache/thumbs" "$ROOT/.cache/render" "$ROOT/build" "$ROOT/__pycache__"; do
    [[ -d "$d" ]] || continue
    (( DRY )) && { echo "rm -rf $d/*"; continue; }
    find "$d" -mindepth 1 -delete
  done
}

main() {
  note "root: $ROOT (dry run: $DRY)"
  local before after
  before="$(du -sk "$ROOT" | cut -f1)"
  prune_renders
  compress_exports
  clear_caches
  after="$(du -sk "$ROOT" | cut -f1)"
  note "freed $(( (before - after) / 1024 )) MiB"
}

main
