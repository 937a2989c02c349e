#!/usr/bin/env bash
# node_firewall_setup.sh - open the p2p ports an Ethereum node pair needs and
# keep the JSON-RPC / engine / metrics ports reachable from localhost only.
#
# Reads ports from node-ports.env if present:
#   EL_P2P=30303  CL_P2P=9000  CL_QUIC=9001  RPC=8545  ENGINE=8551  METRICS=5054
#
# Usage: node_firewall_setup.sh [--persist] [--ipv6] [--check]

set -euo pipefail

PORTS_FILE="${PORTS_FILE:-./node-ports.env}"
EL_P2P=30303 CL_P2P=9000 CL_QUIC=9001 RPC=8545 ENGINE=8551 METRICS=5054
[[ -f "$PORTS_FILE" ]] && . "$PORTS_FILE"

PERSIST=0 IPV6=0 CHECK_ONLY=0
for arg in "$@"; do
  case "$arg" in
    --persist) PERSIST=1 ;;
    --ipv6) IPV6=1 ;;
    --check) CHECK_ONLY=1 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown argument: $arg" >&2; exit 64 ;;
  esac
done

if [[ $EUID -ne 0 ]]; then
  if command -v sudo >/dev/null; then PRIV=(sudo); elif command -v doas >/dev/null; then PRIV=(doas); else
    echo "needs root (sudo or doas)" >&2; exit 77; fi
else
  PRIV=()
fi

CHAIN="ETHNODE"
log() { printf '%s %s\n' "$(date +%T)" "$*"; }

fw() {
  # $1 = iptables or ip6tables, rest = rule spec; idempotent insert into our chain
  local tool="$1"; shift
  if "${PRIV[@]}" "$tool" -C "$CHAIN" "$@" 2>/dev/null; then
    log "present: $tool $*"
  elif [[ $CHECK_ONLY -eq 1 ]]; then
    log "missing: $tool $*"
  else
    "${PRIV[@]}" "$tool" -A "$CHAIN" "$@"
    log "added:   $tool $*"
  fi
}

ensure_chain() {
  local tool="$1"
  "${PRIV[@]}" "$tool" -nL "$CHAIN" >/dev/null 2>&1 || "${PRIV[@]}" "$tool" -N "$CHAIN"
  "${PRIV[@]}" "$tool" -C INPUT -j "$CHAIN" 2>/dev/null || "${PRIV[@]}" "$tool" -I INPUT 1 -j "$CHAIN"
}

apply_rules() {
  local tool="$1" lo="$2"
  [[ $CHECK_ONLY -eq 1 ]] || ensure_chain "$tool"
  fw "$tool" -p tcp --dport "$EL_P2P" -j ACCEPT
  fw "$tool" -p udp --dport "$EL_P2P" -j ACCEPT
  fw "$tool" -p tcp --dport "$CL_P2P" -j ACCEPT
  fw "$tool" -p udp --dport "$CL_P2P" -j ACCEPT
  fw "$tool" -p udp --dport "$CL_QUIC" -j ACCEPT
  for p in "$RPC" "$ENGINE" "$METRICS"; do
    fw "$tool" -p tcp -s "$lo" --dport "$p" -j ACCEPT
    fw "$tool" -p tcp --dport "$p" -j DROP
  done
}

persist() {
  local dir=/etc/iptables
  "${PRIV[@]}" mkdir -p "$dir"
  "${PRIV[@]}" iptables-save | "${PRIV[@]}" tee "$dir/rules.v4" >/dev/null
  [[ $IPV6 -eq 1 ]] && "${PRIV[@]}" ip6tables-save | "${PRIV[@]}" tee "$dir/rules.v6" >/dev/null
  "${PRIV[@]}" chmod 0640 "$dir"/rules.v*
  log "saved rules under $dir"
}

apply_rules iptables 127.0.0.1/32
[[ $IPV6 -eq 1 ]] && apply_rules ip6tables ::1/128
if [[ $PERSIST -eq 1 && $CHECK_ONLY -eq 0 ]]; then
  persist
fi
log "done"
