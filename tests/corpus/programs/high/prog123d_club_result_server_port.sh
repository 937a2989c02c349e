#!/usr/bin/env bash
# club_result_server_port.sh - let the clubroom clock stations reach the
# result server on race days.
#
# The result server (clubresults, port 8443) runs on the secretary's PC.
# Clock stations in the clubroom and the transporter's hotspot sit on
# 10.42.0.0/24; nothing else should reach the port.  Run with 'open' on the
# morning of the race and 'close' after the provisional result is published.
#
#   club_result_server_port.sh open|close|status [--persist]

set -euo pipefail

PORT=${RESULTS_PORT:-8443}
CLUB_NET=${CLUB_NET:-10.42.0.0/24}
CHAIN=CLUBRESULTS
PERSIST=0
RULES_FILE=/etc/iptables/rules.v4

log() { echo "clubports: $*"; }

priv() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  elif command -v doas >/dev/null 2>&1; then
    doas "$@"
  else
    sudo "$@"
  fi
}

ipt() { priv iptables -w 5 "$@"; }

chain_exists() { ipt -n -L "$CHAIN" >/dev/null 2>&1; }

open_port() {
  if ! chain_exists; then
    log "creating chain $CHAIN"
    ipt -N "$CHAIN"
  fi
  ipt -F "$CHAIN"
  ipt -A "$CHAIN" -s "$CLUB_NET" -p tcp --dport "$PORT" -m conntrack --ctstate NEW -j ACCEPT
  ipt -A "$CHAIN" -p tcp --dport "$PORT" -j DROP
  if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
    ipt -I INPUT 1 -j "$CHAIN"
  fi
  log "port $PORT open for $CLUB_NET"
}

close_port() {
  if chain_exists; then
    while ipt -C INPUT -j "$CHAIN" 2>/dev/null; do
      ipt -D INPUT -j "$CHAIN"
    done
    ipt -F "$CHAIN"
    ipt -X "$CHAIN"
    log "port $PORT closed"
  else
    log "nothing to close"
  fi
}

status() {
  if chain_exists; then
    ipt -n -v -L "$CHAIN" --line-numbers
  else
    log "chain $CHAIN not present (port closed)"
  fi
}

persist() {
  [[ $PERSIST -eq 1 ]] || return 0
  priv mkdir -p "$(dirname "$RULES_FILE")"
  priv iptables-save | priv tee "$RULES_FILE" >/dev/null
  log "saved ruleset to $RULES_FILE"
}

[[ $# -ge 1 ]] || { sed -n '2,11p' "$0"; exit 1; }
ACTION=$1; shift
for a in "$@"; do
  case $a in
    --persist) PERSIST=1 ;;
    *) log "unknown option $a"; exit 1 ;;
  esac
done

command -v iptables >/dev/null || { log "iptables not installed"; exit 1; }

case $ACTION in
  open)   open_port;  persist ;;
  close)  close_port; persist ;;
  status) status ;;
  *)      log "unknown action $ACTION"; exit 1 ;;
esac
