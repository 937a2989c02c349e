#!/usr/bin/env bash
# stream_uplink_tune.sh - prepare the encoder PC's uplink before a livestream
#
# The church hall's DSL line is shared with the office and the café wifi.
# Before going live we bump the socket buffers for SRT, switch the uplink
# to fq pacing with BBR and cap the encoder's interface so the stream
# doesn't starve itself. `--restore` puts the saved values back after the
# service.
#
#   stream_uplink_tune.sh [-i iface] [-r rate_mbit] [--restore] [--show]

set -euo pipefail

IFACE=""
RATE_MBIT=8
ACTION=apply
STATE_FILE="./state/uplink_saved.conf"
KEYS=(
  net.core.rmem_max
  net.core.wmem_max
  net.core.default_qdisc
  net.ipv4.tcp_congestion_control
  net.ipv4.tcp_notsent_lowat
)

while [ $# -gt 0 ]; do
  case "$1" in
    -i) IFACE="$2"; shift 2 ;;
    -r) RATE_MBIT="$2"; shift 2 ;;
    --restore) ACTION=restore; shift ;;
    --show) ACTION=show; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 1 ;;
  esac
done

log() { echo "[$(date +%H:%M:%S)] $*"; }

default_iface() {
  ip -o route get 1.1.1.1 2>/dev/null | awk '{for (i=1;i<NF;i++) if ($i=="dev") print $(i+1)}'
}

[ -n "$IFACE" ] || IFACE=$(default_iface)
[ -n "$IFACE" ] || { echo "could not work out the uplink interface, use -i" >&2; exit 1; }

if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
  $SUDO -v || { echo "need admin rights to tune the uplink" >&2; exit 1; }
else
  SUDO=""
fi

show() {
  for k in "${KEYS[@]}"; do printf '%-36s %s\n' "$k" "$(sysctl -n "$k")"; done
  tc qdisc show dev "$IFACE"
}

save_current() {
  mkdir -p "$(dirname "$STATE_FILE")"
  : >"$STATE_FILE"
  for k in "${KEYS[@]}"; do
    echo "$k = $(sysctl -n "$k")" >>"$STATE_FILE"
  done
  log "saved current values to $STATE_FILE"
}

apply() {
  [ -f "$STATE_FILE" ] || save_current
  if ! grep -qw bbr /proc/sys/net/ipv4/tcp_available_congestion_control; then
    log "loading tcp_bbr"
    $SUDO modprobe tcp_bbr || log "bbr not available, staying on cubic"
  fi
  $SUDO sysctl -q -w net.core.rmem_max=26214400 net.core.wmem_max=26214400
  $SUDO sysctl -q -w net.core.default_qdisc=fq
  $SUDO sysctl -q -w net.ipv4.tcp_notsent_lowat=131072
  if grep -qw bbr /proc/sys/net/ipv4/tcp_available_congestion_control; then
    $SUDO sysctl -q -w net.ipv4.tcp_congestion_control=bbr
  fi
  $SUDO tc qdisc replace dev "$IFACE" root fq maxrate "${RATE_MBIT}mbit"
  log "uplink $IFACE tuned: fq pacing at ${RATE_MBIT} Mbit/s"
}

restore() {
  [ -f "$STATE_FILE" ] || { log "nothing saved, nothing to restore"; exit 0; }
  $SUDO sysctl -q -p "$STATE_FILE"
  $SUDO tc qdisc del dev "$IFACE" root 2>/dev/null || true
  rm -f "$STATE_FILE"
  log "uplink $IFACE restored"
}

case "$ACTION" in
  show) show ;;
  apply) apply; show ;;
  restore) restore; show ;;
esac
