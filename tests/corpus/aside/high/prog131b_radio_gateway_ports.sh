#!/usr/bin/env bash
# radio_gateway_ports.sh - open the dispatch radio-over-IP path on an office gateway
#
# Adds host filter rules for the SIP signalling port and the RTP media range
# used by the drivers' handsets, and raises the UDP buffer limits the
# gateway vendor recommends. Re-running is fine: rules are only added once.
#
# Usage: radio_gateway_ports.sh [-c gateway.env] [--persist]
set -euo pipefail

ENV_FILE="./gateway.env"
PERSIST=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    -c) ENV_FILE="$2"; shift 2 ;;
    --persist) PERSIST=1; shift ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 64 ;;
  esac
done

# shellcheck disable=SC1090
[[ -f "$ENV_FILE" ]] && . "$ENV_FILE"

SIP_PORT="${SIP_PORT:-5060}"
RTP_FIRST="${RTP_FIRST:-10000}"
RTP_LAST="${RTP_LAST:-10200}"
TRUNK_NET="${TRUNK_NET:-198.51.100.0/24}"
RMEM_MAX="${RMEM_MAX:-4194304}"
WMEM_MAX="${WMEM_MAX:-4194304}"
CHAIN=RADIOGW

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

say() { printf '[%s] %s\n' "$(date +%T)" "$*"; }

ipt() { $SUDO iptables -w 5 "$@"; }

ensure_chain() {
  if ! ipt -n -L "$CHAIN" >/dev/null 2>&1; then
    ipt -N "$CHAIN"
    say "created chain $CHAIN"
  fi
  if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
    ipt -I INPUT 1 -j "$CHAIN"
  fi
}

add_rule() {
  if ipt -C "$CHAIN" "$@" 2>/dev/null; then
    return 0
  fi
  ipt -A "$CHAIN" "$@"
  say "rule added: $*"
}

open_media_path() {
  add_rule -p udp -s "$TRUNK_NET" --dport "$SIP_PORT" -j ACCEPT
  add_rule -p tcp -s "$TRUNK_NET" --dport "$SIP_PORT" -j ACCEPT
  add_rule -p udp --dport "${RTP_FIRST}:${RTP_LAST}" -j ACCEPT
}

tune_buffers() {
  local key val
  for kv in "net.core.rmem_max=${RMEM_MAX}" "net.core.wmem_max=${WMEM_MAX}"; do
    key="${kv%%=*}"; val="${kv#*=}"
    if [[ "$(sysctl -n "$key")" != "$val" ]]; then
      $SUDO sysctl -q -w "$kv"
      say "set $kv"
    fi
  done
}

persist() {
  printf 'net.core.rmem_max = %s\nnet.core.wmem_max = %s\n' "$RMEM_MAX" "$WMEM_MAX" \
    | $SUDO tee /etc/sysctl.d/60-radiogw.conf >/dev/null
  if command -v iptables-save >/dev/null; then
    $SUDO sh -c 'iptables-save > /etc/iptables/rules.v4'
  fi
  say "settings persisted"
}

main() {
  command -v iptables >/dev/null || { echo "iptables not found" >&2; exit 69; }
  ensure_chain
  open_media_path
  tune_buffers
  (( PERSIST )) && persist
  say "radio gateway ports ready (SIP ${SIP_PORT}, RTP ${RTP_FIRST}-${RTP_LAST})"
}

main
