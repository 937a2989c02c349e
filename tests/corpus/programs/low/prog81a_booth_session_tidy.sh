#!/usr/bin/env bash
# booth_session_tidy.sh - tidy the AV booth project folder after a service
#
# Run from the booth project folder at the end of each service. Clears the
# scratch folders OBS and the slide tool leave behind and compresses
# today's booth log so the recording disk doesn't fill up over Lent.
#
#   ./booth_session_tidy.sh [-k days_of_logs_to_keep] [-q]

set -uo pipefail

KEEP_DAYS=14
QUIET=0
BOOTH_DIR="$(pwd)"
STAMP="$(date +%Y%m%d-%H%M)"

while getopts "k:qh" opt; do
  case "$opt" in
    k) KEEP_DAYS="$OPTARG" ;;
    q) QUIET=1 ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
    *) exit 1 ;;
  esac
done

mkdir -p "$BOOTH_DIR/logs"
LOG="$BOOTH_DIR/logs/tidy.log"

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

report_recordings() {
  local n
  n=$(find "$BOOTH_DIR/recordings" -maxdepth 1 -name '*.mkv' -newermt "$(date +%F)" 2>/dev/null | wc -l)
  note "$n recording(s) from today in recordings/ - remember to copy them to the archive"
}

note "tidy started in $BOOTH_DIR"
clear_scratch
rotate_logs
report_recordings

free=$(df -h "$BOOTH_DIR" | awk 'NR==2 {print $4}')
note "tidy complete, $free free on recording disk"
