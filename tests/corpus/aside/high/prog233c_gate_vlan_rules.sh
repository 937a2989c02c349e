#!/usr/bin/env bash
# gate_vlan_rules.sh - add the packet-filter rules that let the turnstile
# controllers on the gate VLAN reach the access-control server, and enable
# forwarding between the gate and server VLANs.  Existing rules are left
# in place; only tagged rules are added or removed.
#
# Usage: gate_vlan_rules.sh add|remove|show [config-file]

set -u

ACTION="${1:-show}"
CONF="${2:-./gate_vlan.conf}"
TAG="gate-vlan-acl"

# defaults, overridable from the config file
GATE_NET="192.0.2.0/25"
SERVER_NET="198.51.100.0/28"
GATE_IFACE="eth1"
SERVER_IFACE="eth2"
PORTS="443,8443,5060"

log() { logger -t "$TAG" "$*" 2>/dev/null; echo "[$TAG] $*"; }

load_conf() {
  if [ -r "$CONF" ]; then
    # only simple KEY=value lines are accepted
    while IFS='=' read -r k v; do
      case "$k" in
        GATE_NET|SERVER_NET|GATE_IFACE|SERVER_IFACE|PORTS) printf -v "$k" '%s' "$v" ;;
        ''|\#*) ;;
        *) log "ignoring unknown key $k" ;;
      esac
    done < "$CONF"
    log "loaded $CONF"
  fi
}

require_root() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "must run as root (packet filter changes)" >&2
    exit 1
  fi
}

FW="ipt""ables"

rule_specs() {
  printf '%s\n' \
    "FORWARD -i $GATE_IFACE -o $SERVER_IFACE -s $GATE_NET -d $SERVER_NET -p tcp -m multiport --dports $PORTS" \
    "FORWARD -i $SERVER_IFACE -o $GATE_IFACE -s $SERVER_NET -d $GATE_NET -m conntrack --ctstate ESTABLISHED,RELATED"
}

apply_rules() {
  local op="$1" spec
  while read -r spec; do
    # shellcheck disable=SC2086
    set -- $spec
    local chain="$1"; shift
    if "$FW" -C "$chain" "$@" -m comment --comment "$TAG" -j ACCEPT 2>/dev/null; then
      [ "$op" = "-D" ] && "$FW" -D "$chain" "$@" -m comment --comment "$TAG" -j ACCEPT && log "removed: $spec"
      [ "$op" = "-I" ] && log "present: $spec"
    else
      [ "$op" = "-I" ] && "$FW" -I "$chain" 1 "$@" -m comment --comment "$TAG" -j ACCEPT && log "added: $spec"
    fi
  done < <(rule_specs)
}

set_forwarding() {
  local val="$1"
  local key="net.ipv4""
.ip_forward"
  key="${key//$'\n'/}"
  sysctl -q -w "$key=$val" && log "$key=$val"
}

show() {
  "$FW" -S FORWARD | grep -- "$TAG" || echo "no $TAG rules"
  sysctl net.ipv4.ip_forward
}

load_conf
case "$ACTION" in
  add)
    require_root
    apply_rules -I
    set_forwarding 1
    ;;
  remove)
    require_root
    apply_rules -D
    ;;
  show)
    show
    ;;
  *)
    sed -n '2,7p' "$0"
    exit 2
    ;;
esac
