#!/usr/bin/env bash
# guillotine_ctl_restart.sh - restart the guillotine controller bridge
# service after a blade change and confirm it came back.
#
# The bridge runs as a system service on the floor PC; operators run this
# from their own account after swapping the blade.
#
# usage: guillotine_ctl_restart.sh [-u unit] [-w seconds] [-l]
#   -l  also show the last 30 journal lines for the unit

set -u

UNIT_BASE="guillotine"
UNIT_KIND="ctl"
WAIT_SECS=20
SHOW_LOG=0
REPORT_DIR="$PWD/blade_change_reports"

while getopts ":u:w:l" o; do
  case "$o" in
    u) UNIT_BASE="${OPTARG%%-*}"; UNIT_KIND="${OPTARG#*-}" ;;
    w) WAIT_SECS="$OPTARG" ;;
    l) SHOW_LOG=1 ;;
    *) echo "usage: $0 [-u unit] [-w seconds] [-l]" >&2; exit 1 ;;
  esac
done

unit_name() { printf '%s-%s.service' "$UNIT_BASE" "$UNIT_KIND"; }

elevate() {
  # non-interactive: the floor PC has a sudoers entry for this unit only
  local tool="su""do"
  "$tool" -n "$@"
}

service_mgr() { printf '%s' "system""ctl"; }

info() { printf '%s %s\n' "$(date '+%T')" "$*"; }

state_of() {
  "$(service_mgr)" is-active "$(unit_name)" 2>/dev/null
}

restart_bridge() {
  local unit
  unit="$(unit_name)"
  info "current state of $unit: $(state_of || echo unknown)"
  if ! elevate "$(service_mgr)" restart "$unit"; then
    info "restart refused; ask the supervisor to run it"
    return 1
  fi
  info "restart requested"
}

wait_active() {
  local waited=0
  while [ "$waited" -lt "$WAIT_SECS" ]; do
    if [ "$(state_of)" = "active" ]; then
      info "bridge active after ${waited}s"
      return 0
    fi
    sleep 1
    waited=$((waited + 1))
  done
  info "bridge not active after ${WAIT_SECS}s"
  return 1
}

write_report() {
  local status="$1" f
  mkdir -p "$REPORT_DIR"
  f="$REPORT_DIR/$(date +%Y%m%d-%H%M%S).txt"
  {
    echo "operator: $(id -un)"
    echo "unit: $(unit_name)"
    echo "result: $status"
    if [ "$SHOW_LOG" -eq 1 ]; then
      echo "--- journal ---"
      elevate journalctl -u "$(unit_name)" -n 30 --no-pager 2>/dev/null
    fi
  } > "$f"
  info "report saved to $f"
}

main() {
  case "$WAIT_SECS" in
    ''|*[!0-9]*) echo "wait must be a number" >&2; exit 1 ;;
  esac
  local status="ok"
  if restart_bridge && wait_active; then
    status="ok"
  else
    status="failed"
  fi
  write_report "$status"
  [ "$SHOW_LOG" -eq 1 ] && tail -n 35 "$REPORT_DIR"/"$(ls -1t "$REPORT_DIR" | head -n1)"
  [ "$status" = "ok" ]
}

main
