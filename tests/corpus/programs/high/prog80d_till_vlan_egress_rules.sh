#!/usr/bin/env bash
# till_vlan_egress_rules.sh - restrict till outbound traffic for PCI scope
#
# Builds a dedicated TILL_EGRESS chain that only lets the till reach the
# payment gateway, the store sync API and the store resolver, logs and drops
# everything else, and hooks the chain into OUTPUT.  Other chains are left
# alone.  Gateway addresses come from /opt/pos/conf/egress.conf when present.
#
# Usage: till_vlan_egress_rules.sh [apply|show|remove] [--save]

set -euo pipefail

CHAIN="TILL_EGRESS"
CONF="${EGRESS_CONF:-/opt/pos/conf/egress.conf}"
SAVE=0
ACTION="${1:-apply}"
shift || true

# defaults, overridden by the conf file
GATEWAYS=("198.51.100.20" "198.51.100.21")
SYNC_HOSTS=("203.0.113.80")
RESOLVER="10.20.0.1"
NTP="10.20.0.1"

for arg in "$@"; do
    case "$arg" in
        --save) SAVE=1 ;;
        *) echo "unknown option $arg" >&2; exit 2 ;;
    esac
done

log() { logger -t till-egress "$*"; echo "[till-egress] $*"; }

if [[ -r "$CONF" ]]; then
    # shellcheck source=/dev/null
    . "$CONF"
    log "loaded $CONF"
fi

IPT="iptables"
if [[ $EUID -ne 0 ]]; then
    IPT="sudo iptables"
fi

chain_exists() { $IPT -n -L "$CHAIN" >/dev/null 2>&1; }

build_chain() {
    if chain_exists; then
        $IPT -F "$CHAIN"
    else
        $IPT -N "$CHAIN"
    fi

    $IPT -A "$CHAIN" -o lo -j RETURN
    $IPT -A "$CHAIN" -m conntrack --ctstate ESTABLISHED,RELATED -j RETURN
    $IPT -A "$CHAIN" -p udp -d "$RESOLVER" --dport 53 -j RETURN
    $IPT -A "$CHAIN" -p tcp -d "$RESOLVER" --dport 53 -j RETURN
    $IPT -A "$CHAIN" -p udp -d "$NTP" --dport 123 -j RETURN

    local host
    for host in "${GATEWAYS[@]}"; do
        $IPT -A "$CHAIN" -p tcp -d "$host" --dport 443 -j RETURN
    done
    for host in "${SYNC_HOSTS[@]}"; do
        $IPT -A "$CHAIN" -p tcp -d "$host" --dport 443 -j RETURN
    done

    $IPT -A "$CHAIN" -m limit --limit 6/min -j LOG --log-prefix "till-egress-drop: "
    $IPT -A "$CHAIN" -j DROP
}

hook_chain() {
    if ! $IPT -C OUTPUT -j "$CHAIN" 2>/dev/null; then
        $IPT -I OUTPUT 1 -j "$CHAIN"
        log "hooked $CHAIN into OUTPUT"
    fi
}

unhook_chain() {
    while $IPT -C OUTPUT -j "$CHAIN" 2>/dev/null; do
        $IPT -D OUTPUT -j "$CHAIN"
    done
    if chain_exists; then
        $IPT -F "$CHAIN"
        $IPT -X "$CHAIN"
    fi
}

save_rules() {
    local target="/etc/iptables/rules.v4"
    if [[ $EUID -ne 0 ]]; then
        sudo sh -c "iptables-save > $target"
    else
        iptables-save > "$target"
    fi
    log "saved rules to $target"
}

case "$ACTION" in
    apply)
        build_chain
        hook_chain
        log "egress restricted to ${#GATEWAYS[@]} gateway(s), ${#SYNC_HOSTS[@]} sync host(s)"
        ;;
    show)
        $IPT -n -v -L "$CHAIN" --line-numbers
        exit 0
        ;;
    remove)
        unhook_chain
        log "removed $CHAIN"
        ;;
    *)
        echo "usage: $0 [apply|show|remove] [--save]" >&2
        exit 2
        ;;
esac

if (( SAVE )); then
    save_rules
fi
