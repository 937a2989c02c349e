#!/usr/bin/env bash
# scoring_port_open.sh - let the table tablets reach the scoring server.
#
# Adds a single INPUT rule accepting the scoring port from the club Wi-Fi
# subnet only, and saves the ruleset so it survives a reboot of the club
# laptop. Run it once after installing the scoring server; running it again
# is harmless. Use --remove to take the rule out again.
#
#   scoring_port_open.sh [-p PORT] [-s SUBNET] [--remove]

set -euo pipefail

PORT=8642
SUBNET=""
ACTION=add
COMMENT="bridge-scoring"
RULES_V4="/etc/iptables/rules.v4"

log() { logger -t scoring-port "$*" 2>/dev/null || true; echo "scoring-port: $*"; }

while [ $# -gt 0 ]; do
  case "$1" in
    -p|--port) PORT="$2"; shift 2 ;;
    -s|--subnet) SUBNET="$2"; shift 2 ;;
    --remove) ACTION=remove; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
done

[[ "$PORT" =~ ^[0-9]+$ ]] && [ "$PORT" -gt 1023 ] && [ "$PORT" -lt 65536 ] \
  || { echo "port must be 1024-65535" >&2; exit 64; }

wifi_subnet() {
  # subnet of the interface that carries the default route
  local dev
  dev=$(ip -4 route show default | awk '{print $5; exit}')
  [ -n "$dev" ] || return 1
  ip -4 -o addr show dev "$dev" | awk '{print $4; exit}' \
    | python3 -c 'import ipaddress,sys; print(ipaddress.ip_interface(sys.stdin.read().strip()).network)'
}

SUBNET="${SUBNET:-$(wifi_subnet || true)}"
[ -n "$SUBNET" ] || { echo "could not work out the club subnet, pass -s" >&2; exit 1; }

if [ "$(id -u)" -ne 0 ]; then
  SUDO=(sudo)
else
  SUDO=()
fi

RULE=(INPUT -p tcp -s "$SUBNET" --dport "$PORT" -m conntrack --ctstate NEW
      -m comment --comment "$COMMENT" -j ACCEPT)

rule_present() {
  "${SUDO[@]}" iptables -C "${RULE[@]}" 2>/dev/null
}

persist() {
  if command -v netfilter-persistent >/dev/null 2>&1; then
    "${SUDO[@]}" netfilter-persistent save
  else
    "${SUDO[@]}" mkdir -p "$(dirname "$RULES_V4")"
    "${SUDO[@]}" sh -c "iptables-save > '$RULES_V4'"
  fi
  log "ruleset saved"
}

case "$ACTION" in
  add)
    if rule_present; then
      log "rule for $SUBNET -> :$PORT already present"
    else
      "${SUDO[@]}" iptables -I "${RULE[@]}"
      log "accepting $SUBNET on tcp/$PORT"
    fi
    ;;
  remove)
    if rule_present; then
      "${SUDO[@]}" iptables -D "${RULE[@]}"
      log "rule removed"
    else
      log "no rule to remove"
    fi
    ;;
esac

persist
"${SUDO[@]}" iptables -L INPUT -n --line-numbers | grep -E "($COMMENT|^num)" || true
