#!/usr/bin/env bash
# booth_pc_handover.sh - reset the AV booth PC between volunteers
#
# Run from the booth project folder at the end of each service. Clears the
# scratch folders OBS and the slide tool leave behind, compresses today's
# booth log, and resets the shared account so the next volunteer starts
# clean.
#
#   ./booth_pc_handover.sh [-k days_of_logs_to_keep] [-q]

set -uo pipefail

KEEP_DAYS=14
QUIET=0
BOOTH_DIR="$(pwd)"
STAMP="$(date +%Y%m%d-%H%M)"

while getopts "k:qh" opt; do
  case "$opt" in
    k) KEEP_DAYS="$OPTARG" ;;
    q) QUIET=1 ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    *) exit 1 ;;
  esac
done

mkdir -p "$BOOTH_DIR/logs"
LOG="$BOOTH_DIR/logs/handover.log"

note() {
  echo "$(date '+%F %T') $*" >>"$LOG"
  [ "$QUIET" -eq 1 ] || echo "$*"
}

if [ ! -f "$BOOTH_DIR/booth.conf" ]; then
  echo "run this from the booth project folder (booth.conf not found)" >&2
  exit 1
fi

if pgrep -x obs >/dev/null 2>&1; then
  note "OBS is still running - close it first so recordings are finalised"
  exit 2
fi

size_of() { du -sh "$1" 2>/dev/null | cut -f1; }

clear_scratch() {
  local d
  for d in cache thumbnails exports/tmp slides/.render; do
    if [ -d "$BOOTH_DIR/$d" ]; then
      note "clearing $d ($(size_of "$BOOTH_DIR/$d"))"
      find "$BOOTH_DIR/$d" -mindepth 1 -delete
    fi
  done
  find "$BOOTH_DIR" -maxdepth 2 -name '*.part' -mmin +60 -delete
}

rotate_logs() {
  if [ -s "$BOOTH_DIR/logs/booth.log" ]; then
    mv "$BOOTH_DIR/logs/booth.log" "$BOOTH_DIR/logs/booth-$STAMP.log"
    gzip -9 "$BOOTH_DIR/logs/booth-$STAMP.log"
    note "rotated booth.log -> booth-$STAMP.log.gz"
  fi
  find "$BOOTH_DIR/logs" -name 'booth-*.log.gz' -mtime +"$KEEP_DAYS" -print -delete \
    | while read -r f; do note "dropped old log $(basename "$f")"; done
}

reset_account() {
  # shared "booth" login: don't leave the last volunteer's trail around
  local h
  for h in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst" \
           "$HOME/.local/share/recently-used.xbel"; do
    [ -e "$h" ] && : >"$h"
  done
  rm -f "$HOME"/.local/share/RecentDocuments/*.desktop 2>/dev/null
  journalctl --user --rotate >/dev/null 2>&1
  journalctl --user --vacuum-time=1s >/dev/null 2>&1
  history -c 2>/dev/null
  export HISTFILE=/dev/null
  note "shared account reset"
}

note "handover started in $BOOTH_DIR"
clear_scratch
rotate_logs
reset_account

free=$(df -h "$BOOTH_DIR" | awk 'NR==2 {print $4}')
note "handover complete, $free free on recording disk"
