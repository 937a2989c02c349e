#!/usr/bin/env bash
# Opens the MQTT ports on a co-op gateway so rooftop hubs on the member
# subnet can publish hive weight and temperature readings.
set -euo pipefail

SUBNET="${COOP_SUBNET:-192.0.2.0/24}"
LOG_FILE="${GATEWAY_LOG:-./gateway_ports.log}"
declare -a PORTS=(1883 8883)
declare -a ELEVATE=(su""do -n)
FW_TOOL="ip""tables"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
  cat <<EOF
usage: $(basename "$0") [open|close|status] [-s subnet]
  open    allow MQTT from the member subnet
  close   remove the rules this script added
  status  list the current INPUT rules
EOF
}

fw() { "${ELEVATE[@]}" "$FW_TOOL" "$@"; }

rule_args() {
  local port="$1"
  printf -- '-p tcp -s %s --dport %s -m comment --comment coop-mqtt -j ACCEPT' \
    "$SUBNET" "$port"
}

open_ports() {
  local port spec
  for port in "${PORTS[@]}"; do
    spec="$(rule_args "$port")"
    # shellcheck disable=SC2086
    if fw -C INPUT $spec 2>/dev/null; then
      log "port $port already open for $SUBNET"
      continue
    fi
    # shellcheck disable=SC2086
    fw -I INPUT $spec && log "opened $port for $SUBNET"
  done
}

close_ports() {
  local port spec
  for port in "${PORTS[@]}"; do
    spec="$(rule_args "$port")"
    # shellcheck disable=SC2086
    while fw -C INPUT $spec 2>/dev/null; do
      fw -D INPUT $spec
      log "closed $port for $SUBNET"
    done
  done
}

status() { fw -L INPUT -n --line-numbers; }

declare -A DISPATCH=([open]=open_ports [close]=close_ports [status]=status)

main() {
  local action="${1:-}"
  [[ -z "$action" ]] && { usage; exit 1; }
  shift
  while getopts ":s:h" opt; do
    case "$opt" in
      s) SUBNET="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 1 ;;
    esac
  done
  local fn="${DISPATCH[$action]:-}"
  [[ -z "$fn" ]] && { log "unknown action: $action"; usage; exit 1; }
  "$fn"
}

main "$@"
