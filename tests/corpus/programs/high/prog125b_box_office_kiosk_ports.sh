#!/usr/bin/env bash
# box_office_kiosk_ports.sh - let the ticket-tent kiosks reach the box-office server.
#
# The kiosks sit on their own subnet at each venue.  This adds a dedicated
# chain that admits them to the sale API (8443) and the receipt spooler
# (631), logs everything else from that subnet, and saves the rule set so it
# survives a reboot of the box-office server.
#
# Usage: box_office_kiosk_ports.sh [-s SUBNET] [-p PORTS] [--dry-run] [--remove]

set -euo pipefail

SUBNET="${KIOSK_SUBNET:-10.42.8.0/24}"
PORTS="${KIOSK_PORTS:-8443,631}"
CHAIN="KIOSK_IN"
DRY=0
REMOVE=0
RULES_FILE="/etc/iptables/rules.v4"

while [[ $# -gt 0 ]]; do
  case "$1" in
    -s) SUBNET="$2"; shift 2 ;;
    -p) PORTS="$2"; shift 2 ;;
    --dry-run) DRY=1; shift ;;
    --remove) REMOVE=1; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done

[[ "$SUBNET" =~ ^[0-9.]+/[0-9]+$ ]] || { echo "bad subnet $SUBNET" >&2; exit 2; }
[[ "$PORTS" =~ ^[0-9,]+$ ]] || { echo "bad port list $PORTS" >&2; exit 2; }

run() {
  if (( DRY )); then echo "+ $*"; else sudo "$@"; fi
}

ipt() { run iptables -w 5 "$@"; }

remove_chain() {
  if sudo iptables -n -L "$CHAIN" >/dev/null 2>&1; then
    ipt -D INPUT -s "$SUBNET" -j "$CHAIN" 2>/dev/null || true
    ipt -F "$CHAIN"
    ipt -X "$CHAIN"
    echo "removed chain $CHAIN"
  else
    echo "chain $CHAIN not present"
  fi
}

build_chain() {
  if sudo iptables -n -L "$CHAIN" >/dev/null 2>&1; then
    ipt -F "$CHAIN"
  else
    ipt -N "$CHAIN"
  fi
  ipt -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
  ipt -A "$CHAIN" -p tcp -m multiport --dports "$PORTS" -m conntrack --ctstate NEW -j ACCEPT
  ipt -A "$CHAIN" -p icmp --icmp-type echo-request -m limit --limit 2/s -j ACCEPT
  ipt -A "$CHAIN" -m limit --limit 5/min -j LOG --log-prefix "kiosk-drop: "
  ipt -A "$CHAIN" -j DROP
  if ! sudo iptables -C INPUT -s "$SUBNET" -j "$CHAIN" 2>/dev/null; then
    ipt -I INPUT 1 -s "$SUBNET" -j "$CHAIN"
  fi
}

persist() {
  if (( DRY )); then echo "+ iptables-save > $RULES_FILE"; return; fi
  sudo mkdir -p "$(dirname "$RULES_FILE")"
  sudo iptables-save | sudo tee "$RULES_FILE" >/dev/null
  echo "saved rules to $RULES_FILE"
}

verify() {
  (( DRY )) && return 0
  local p
  for p in ${PORTS//,/ }; do
    if nc -z -w 2 127.0.0.1 "$p" 2>/dev/null; then
      echo "port $p: service listening"
    else
      echo "port $p: nothing listening yet (rule is in place)"
    fi
  done
}

if (( REMOVE )); then
  remove_chain
else
  build_chain
  echo "kiosks in $SUBNET admitted on ports $PORTS"
fi
persist
verify
