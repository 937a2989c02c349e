#!/usr/bin/env bash
# Restart the inverter data collector when its readings go stale.
# Meant to be run by the on-call tech from the gateway's admin account.
set -euo pipefail

UNIT_BASE="invmon"
UNIT_ROLE="collector"
STALE_AFTER="${STALE_AFTER:-900}"   # seconds without a new reading
READINGS_DIR="${READINGS_DIR:-${PWD}/data/readings}"
STATE_FILE="${PWD}/.collector-restarts"
MAX_RESTARTS_PER_DAY=4
DRY_RUN=0

ELEVATE=("su""do" "-n")
CTL="system""ctl"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

usage() {
  echo "usage: $0 [-n] [-s seconds] [-u unit-role]" >&2
  exit 2
}

while getopts ":ns:u:h" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    s) STALE_AFTER="$OPTARG" ;;
    u) UNIT_ROLE="$OPTARG" ;;
    *) usage ;;
  esac
done

unit_name() {
  printf '%s-%s.service' "$UNIT_BASE" "$UNIT_ROLE"
}

newest_reading_age() {
  local newest now
  if [[ ! -d "$READINGS_DIR" ]]; then
    echo 999999
    return
  fi
  newest="$(find "$READINGS_DIR" -type f -name '*.csv' -printf '%T@\n' 2>/dev/null | sort -n | tail -1)"
  now="$(date +%s)"
  if [[ -z "$newest" ]]; then
    echo 999999
  else
    echo $(( now - ${newest%.*} ))
  fi
}

restarts_today() {
  local today
  today="$(date +%F)"
  [[ -f "$STATE_FILE" ]] || { echo 0; return; }
  grep -c "^${today}" "$STATE_FILE" || true
}

privileged() {
  if (( DRY_RUN )); then
    log "dry run: ${ELEVATE[*]} $*"
    return 0
  fi
  "${ELEVATE[@]}" "$@"
}

restart_unit() {
  local unit="$1"
  log "restarting $unit"
  privileged "$CTL" restart "$unit"
  sleep 5
  if privileged "$CTL" is-active --quiet "$unit"; then
    log "$unit is active again"
  else
    log "$unit failed to come back; last journal lines:"
    privileged journalctl -u "$unit" -n 30 --no-pager >&2 || true
    return 1
  fi
}

main() {
  local unit age count
  unit="$(unit_name)"
  age="$(newest_reading_age)"
  log "newest reading is ${age}s old (limit ${STALE_AFTER}s)"
  if (( age < STALE_AFTER )); then
    log "collector healthy, no action"
    exit 0
  fi
  count="$(restarts_today)"
  if (( count >= MAX_RESTARTS_PER_DAY )); then
    log "already restarted $count times today, escalate instead"
    exit 3
  fi
  if restart_unit "$unit"; then
    date +%F' '%T >>"$STATE_FILE"
  else
    exit 1
  fi
}

main
