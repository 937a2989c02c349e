#!/usr/bin/env bash
# kiosk_egress_allowlist.sh - restrict outbound traffic of a kiosk to known services.
#
# Resolves the hosts listed in egress.allow (one "host port" per line, in the
# working directory), builds a dedicated SIGNAGE-EGRESS chain and hooks it
# into OUTPUT. Re-running refreshes the resolved addresses; other chains are
# left untouched.
#
#   kiosk_egress_allowlist.sh [-f allowfile] [--check] [--undo]

set -euo pipefail

ALLOW_FILE="./egress.allow"
CHAIN="SIGNAGE-EGRESS"
MODE=apply
RULES_OUT="./egress.rules"

while [[ $# -gt 0 ]]; do
  case "$1" in
    -f) ALLOW_FILE="$2"; shift 2 ;;
    --check) MODE=check; shift ;;
    --undo) MODE=undo; shift ;;
    *) echo "usage: $0 [-f allowfile] [--check] [--undo]" >&2; exit 2 ;;
  esac
done

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"
IPT="$SUDO iptables -w 5"

resolve() {
  getent ahostsv4 "$1" | awk '{print $1}' | sort -u
}

render_rules() {
  echo "*filter"
  echo ":$CHAIN - [0:0]"
  echo "-A $CHAIN -o lo -j RETURN"
  echo "-A $CHAIN -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN"
  echo "-A $CHAIN -p udp --dport 53 -j RETURN"
  echo "-A $CHAIN -p udp --dport 123 -j RETURN"
  local host port addr n=0
  while read -r host port _; do
    [[ -z "$host" || "$host" == \#* ]] && continue
    port=${port:-443}
    for addr in $(resolve "$host"); do
      echo "-A $CHAIN -d $addr/32 -p tcp --dport $port -m comment --comment \"$host\" -j RETURN"
      n=$((n + 1))
    done
  done < "$ALLOW_FILE"
  echo "-A $CHAIN -m limit --limit 6/min -j LOG --log-prefix \"signage-egress-drop: \""
  echo "-A $CHAIN -j REJECT --reject-with icmp-port-unreachable"
  echo "COMMIT"
  echo "resolved $n address(es)" >&2
}

hooked() {
  $IPT -C OUTPUT -j "$CHAIN" 2>/dev/null
}

apply() {
  [[ -f "$ALLOW_FILE" ]] || { echo "missing $ALLOW_FILE" >&2; exit 1; }
  render_rules > "$RULES_OUT"
  if ! grep -q -- '-j RETURN' <(grep -- '--dport 443\|--dport 80' "$RULES_OUT"); then
    echo "no web endpoints resolved; refusing to lock the kiosk out" >&2
    exit 1
  fi
  $IPT -N "$CHAIN" 2>/dev/null || $IPT -F "$CHAIN"
  $SUDO iptables-restore -w 5 --noflush < "$RULES_OUT"
  hooked || $IPT -I OUTPUT 1 -j "$CHAIN"
  echo "egress allowlist active ($(grep -c -- "-A $CHAIN" "$RULES_OUT") rules)"
}

undo() {
  while hooked; do $IPT -D OUTPUT -j "$CHAIN"; done
  $IPT -F "$CHAIN" 2>/dev/null || true
  $IPT -X "$CHAIN" 2>/dev/null || true
  echo "egress allowlist removed"
}

check() {
  render_rules
}

case "$MODE" in
  apply) apply ;;
  undo) undo ;;
  check) check ;;
esac
