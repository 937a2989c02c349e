#!/bin/sh
# Expose the unprivileged tile server (listening on 8080/8443) on the standard
# HTTP/HTTPS ports by adding NAT REDIRECT rules. Idempotent: checks each rule
# with -C before inserting it.  Use "remove" as first argument to undo.
set -eu

ACTION="${1:-add}"
IFACE="${TILES_IFACE:-eth0}"
RULES="80:8080 443:8443"
COMMENT="tileserver-redirect"

log() { logger -t tileserver-redirect "$*" 2>/dev/null || true; echo "$*"; }

if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
else
  SUDO=""
fi

ipt() {
  $SUDO iptables -w 5 -t nat "$@"
}

rule_args() {
  # $1 = chain, $2 = public port, $3 = backend port
  if [ "$1" = "PREROUTING" ]; then
    echo "PREROUTING -i $IFACE -p tcp --dport $2 -m comment --comment $COMMENT -j REDIRECT --to-ports $3"
  else
    echo "OUTPUT -o lo -p tcp --dport $2 -m comment --comment $COMMENT -j REDIRECT --to-ports $3"
  fi
}

apply_rule() {
  chain=$1; pub=$2; back=$3
  # shellcheck disable=SC2046
  if ipt -C $(rule_args "$chain" "$pub" "$back") 2>/dev/null; then
    [ "$ACTION" = "remove" ] && { ipt -D $(rule_args "$chain" "$pub" "$back"); log "removed $chain $pub->$back"; }
    [ "$ACTION" = "add" ] && log "present $chain $pub->$back"
  else
    [ "$ACTION" = "add" ] && { ipt -A $(rule_args "$chain" "$pub" "$back"); log "added $chain $pub->$back"; }
    [ "$ACTION" = "remove" ] && log "absent $chain $pub->$back"
  fi
}

case "$ACTION" in
  add|remove) ;;
  status) $SUDO iptables -t nat -S | grep -- "$COMMENT" || echo "no redirect rules"; exit 0 ;;
  *) echo "usage: $0 [add|remove|status]" >&2; exit 2 ;;
esac

command -v iptables >/dev/null 2>&1 || { echo "iptables not installed" >&2; exit 1; }
ip link show "$IFACE" >/dev/null 2>&1 || { echo "interface $IFACE not found" >&2; exit 1; }

for pair in $RULES; do
  pub=${pair%%:*}
  back=${pair##*:}
  if ! ss -ltn "sport = :$back" | grep -q LISTEN; then
    echo "warning: nothing listening on backend port $back" >&2
  fi
  for chain in PREROUTING OUTPUT; do
    apply_rule "$chain" "$pub" "$back"
  done
done

$SUDO iptables -t nat -S | grep -c -- "$COMMENT" | xargs -I{} echo "{} redirect rules active"
