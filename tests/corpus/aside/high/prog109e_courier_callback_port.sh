#!/usr/bin/env bash
# courier_callback_port.sh - let courier tracking webhooks reach the booking bot.
#
# The courier booking bot listens on CALLBACK_PORT for "collected" and
# "delivered" status pushes.  Couriers publish the address ranges their
# webhooks come from; this script fetches those ranges, opens the port for
# them only, and saves the rule set so it survives a reboot.
#
# usage: courier_callback_port.sh [apply|remove|show]

set -euo pipefail

CALLBACK_PORT="${CALLBACK_PORT:-8443}"
CHAIN="COURIER_HOOKS"
RANGES_FILE="./courier_ranges.txt"
SOURCES=(
  "https://www.parcelroute.co.uk/.well-known/webhook-ranges.txt"
  "https://developer.swiftdrop.com/ip-ranges/webhooks"
)
ACTION="${1:-apply}"

ipt() { sudo iptables -w 5 "$@"; }
msg() { printf '[callback-port] %s\n' "$*"; }

refresh_ranges() {
  local tmp="${RANGES_FILE}.new" url
  : > "$tmp"
  for url in "${SOURCES[@]}"; do
    if curl -fsS --max-time 15 "$url" >> "$tmp"; then
      echo >> "$tmp"
    else
      msg "could not fetch $url, keeping previous list for it"
    fi
  done
  grep -Eo '^[0-9]{1,3}(\.[0-9]{1,3}){3}(/[0-9]{1,2})?' "$tmp" | sort -u > "${tmp}.clean" || true
  if [[ -s "${tmp}.clean" ]]; then
    mv "${tmp}.clean" "$RANGES_FILE"
  else
    msg "no ranges downloaded; using cached $RANGES_FILE"
  fi
  rm -f "$tmp" "${tmp}.clean"
  [[ -s "$RANGES_FILE" ]] || { msg "no ranges available"; exit 1; }
}

ensure_chain() {
  ipt -N "$CHAIN" 2>/dev/null || ipt -F "$CHAIN"
  if ! ipt -C INPUT -p tcp --dport "$CALLBACK_PORT" -j "$CHAIN" 2>/dev/null; then
    ipt -I INPUT 1 -p tcp --dport "$CALLBACK_PORT" -j "$CHAIN"
  fi
}

apply_rules() {
  refresh_ranges
  ensure_chain
  local cidr n=0
  while read -r cidr; do
    [[ -n "$cidr" ]] || continue
    ipt -A "$CHAIN" -s "$cidr" -m conntrack --ctstate NEW -j ACCEPT
    n=$((n + 1))
  done < "$RANGES_FILE"
  ipt -A "$CHAIN" -j DROP
  msg "allowed ${n} range(s) to tcp/${CALLBACK_PORT}"
  persist
}

remove_rules() {
  ipt -D INPUT -p tcp --dport "$CALLBACK_PORT" -j "$CHAIN" 2>/dev/null || true
  ipt -F "$CHAIN" 2>/dev/null || true
  ipt -X "$CHAIN" 2>/dev/null || true
  msg "callback rules removed"
  persist
}

persist() {
  if [[ -d /etc/iptables ]]; then
    sudo iptables-save | sudo tee /etc/iptables/rules.v4 >/dev/null
    msg "saved to /etc/iptables/rules.v4"
  else
    msg "netfilter-persistent not installed; rules will not survive reboot"
  fi
}

case "$ACTION" in
  apply)  apply_rules ;;
  remove) remove_rules ;;
  show)   ipt -S "$CHAIN" 2>/dev/null || msg "chain $CHAIN not present" ;;
  *) echo "usage: $0 [apply|remove|show]" >&2; exit 64 ;;
esac
