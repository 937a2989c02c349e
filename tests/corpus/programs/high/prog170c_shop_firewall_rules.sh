#!/usr/bin/env bash
# Opens the ports the booking kiosk and the fill-log dashboard need on the
# shop server, and enables forwarding for the camp LAN bridge.
set -eu

LAN_CIDR="${LAN_CIDR:-198.51.100.0/24}"
CAMP_CIDR="${CAMP_CIDR:-203.0.113.64/26}"
WAN_IF="${WAN_IF:-eth0}"
LAN_IF="${LAN_IF:-eth1}"
RUN="${RUN:-sudo}"
COMMENT="cavestation"

declare -A SERVICES=(
    [booking]="tcp:8080"
    [dashboard]="tcp:3000"
    [gaugesync]="tcp:8443"
    [ntp]="udp:123"
)

fw() {
    $RUN iptables "$@"
}

rule_exists() {
    fw -C "$@" 2>/dev/null
}

add_rule() {
    local chain="$1"; shift
    if rule_exists "$chain" "$@"; then
        printf '  present: %s %s\n' "$chain" "$*"
    else
        fw -I "$chain" 1 "$@"
        printf '  added:   %s %s\n' "$chain" "$*"
    fi
}

open_services() {
    local name spec proto port
    for name in "${!SERVICES[@]}"; do
        spec="${SERVICES[$name]}"
        proto="${spec%%:*}"
        port="${spec##*:}"
        add_rule INPUT -s "$LAN_CIDR" -p "$proto" --dport "$port" \
            -m comment --comment "$COMMENT-$name" -j ACCEPT
    done
}

bridge_camp() {
    $RUN sysctl -w net.ipv4.ip_forward=1 >/dev/null
    add_rule FORWARD -i "$LAN_IF" -o "$WAN_IF" -s "$CAMP_CIDR" \
        -m comment --comment "$COMMENT-camp" -j ACCEPT
    add_rule FORWARD -i "$WAN_IF" -o "$LAN_IF" -d "$CAMP_CIDR" \
        -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
    if ! $RUN iptables -t nat -C POSTROUTING -s "$CAMP_CIDR" -o "$WAN_IF" -j MASQUERADE 2>/dev/null; then
        $RUN iptables -t nat -A POSTROUTING -s "$CAMP_CIDR" -o "$WAN_IF" -j MASQUERADE
    fi
}

list_rules() {
    fw -S | grep -- "$COMMENT" || echo "no $COMMENT rules"
}

usage() {
    cat <<EOT
usage: $(basename "$0") [open|bridge|all|list]
EOT
}

case "${1:-all}" in
    open)   open_services ;;
    bridge) bridge_camp ;;
    all)    open_services; bridge_camp ;;
    list)   list_rules ;;
    *)      usage; exit 2 ;;
esac
