#!/usr/bin/env bash
# Expose the Icecast relay on the standard web ports.
#
# Icecast runs unprivileged on 8000 (and 8443 for TLS mounts). Many hotel and
# office networks block anything but 80/443, so listeners there cannot reach
# the stream. This redirects 80 -> 8000 and 443 -> 8443 on the public
# interface and saves the ruleset so it survives a reboot.
#
# usage: icecast_port_redirect.sh [apply|remove|status] [iface]
set -euo pipefail

ACTION=${1:-apply}
IFACE=${2:-$(ip route show default 2>/dev/null | awk '/default/ {print $5; exit}')}
HTTP_PORT=${ICECAST_PORT:-8000}
TLS_PORT=${ICECAST_TLS_PORT:-8443}
COMMENT="icecast-redirect"
RULES_FILE=${RULES_FILE:-/etc/iptables/rules.v4}

log() { echo "$(date '+%F %T') $*"; }

[[ -n $IFACE ]] || { log "cannot determine public interface"; exit 1; }

SUDO=""
(( EUID == 0 )) || SUDO="sudo"
ipt() { $SUDO iptables -w 5 "$@"; }

rule_specs() {
  echo "PREROUTING -i $IFACE -p tcp --dport 80 -j REDIRECT --to-ports $HTTP_PORT"
  echo "PREROUTING -i $IFACE -p tcp --dport 443 -j REDIRECT --to-ports $TLS_PORT"
}

apply_rules() {
  local spec
  while read -r spec; do
    # shellcheck disable=SC2086
    if ipt -t nat -C $spec -m comment --comment "$COMMENT" 2>/dev/null; then
      log "present: $spec"
    else
      # shellcheck disable=SC2086
      ipt -t nat -A $spec -m comment --comment "$COMMENT"
      log "added:   $spec"
    fi
  done < <(rule_specs)
  ipt -C INPUT -p tcp -m multiport --dports "$HTTP_PORT,$TLS_PORT" -j ACCEPT 2>/dev/null ||
    ipt -I INPUT -p tcp -m multiport --dports "$HTTP_PORT,$TLS_PORT" -j ACCEPT
}

remove_rules() {
  local spec
  while read -r spec; do
    # shellcheck disable=SC2086
    ipt -t nat -D $spec -m comment --comment "$COMMENT" 2>/dev/null && log "removed: $spec" || true
  done < <(rule_specs)
}

persist() {
  $SUDO mkdir -p "$(dirname "$RULES_FILE")"
  $SUDO sh -c "iptables-save > '$RULES_FILE'"
  log "saved ruleset to $RULES_FILE"
}

case $ACTION in
  apply)  apply_rules; persist ;;
  remove) remove_rules; persist ;;
  status) ipt -t nat -S PREROUTING | grep -- "$COMMENT" || log "no redirect rules" ;;
  *) echo "usage: $0 [apply|remove|status] [iface]" >&2; exit 64 ;;
esac
