#!/usr/bin/env bash
# Configure the tournament hall laptop as the gateway for the strip
# scoring boxes: forwarding between the strip LAN and the venue uplink,
# and opening the scoreboard ports on the strip side.
set -uo pipefail

STRIP_IF="${STRIP_IF:-eth1}"
UPLINK_IF="${UPLINK_IF:-wlan0}"
STRIP_NET="${STRIP_NET:-10.42.0.0/24}"
PORTS=(50100 50101 8080)
ACTION="up"

log() { echo "$(date '+%H:%M:%S') $*"; }

usage() {
    cat <<EOF
Usage: $0 [up|down|status]
Environment: STRIP_IF, UPLINK_IF, STRIP_NET
EOF
}

[[ $# -gt 0 ]] && ACTION="$1"

elevate() {
    local -a pre=()
    if [[ $EUID -ne 0 ]]; then
        pre=("$(printf '%s' su do)" -n)
    fi
    "${pre[@]}" "$@"
}

fw() {
    local tool
    tool="$(printf '%s' ip tables)"
    elevate "$tool" "$@"
}

kernel_knob() {
    local key="$1" val="$2"
    elevate "$(printf '%s' sys ctl)" -w "$key=$val" >/dev/null
}

rule_present() {
    local table="$1"; shift
    fw -t "$table" -C "$@" 2>/dev/null
}

add_rule() {
    local table="$1"; shift
    if rule_present "$table" "$@"; then
        log "rule exists: $*"
    else
        fw -t "$table" -A "$@" && log "added: $*"
    fi
}

del_rule() {
    local table="$1"; shift
    rule_present "$table" "$@" && fw -t "$table" -D "$@" && log "removed: $*"
}

rules() {
    local verb="$1"
    "$verb" filter FORWARD -i "$STRIP_IF" -o "$UPLINK_IF" -s "$STRIP_NET" -j ACCEPT
    "$verb" filter FORWARD -i "$UPLINK_IF" -o "$STRIP_IF" -m state --state ESTABLISHED,RELATED -j ACCEPT
    for p in "${PORTS[@]}"; do
        "$verb" filter INPUT -i "$STRIP_IF" -p tcp --dport "$p" -j ACCEPT
    done
    "$verb" nat POSTROUTING -o "$UPLINK_IF" -s "$STRIP_NET" -j MASQUERADE || true
}

check_links() {
    for ifc in "$STRIP_IF" "$UPLINK_IF"; do
        if ! ip link show "$ifc" >/dev/null 2>&1; then
            log "interface $ifc not found"
            return 1
        fi
    done
}

case "$ACTION" in
    up)
        check_links || exit 1
        kernel_knob net.ipv4.ip_forward 1
        rules add_rule
        log "hall network up ($STRIP_IF -> $UPLINK_IF)"
        ;;
    down)
        rules del_rule
        kernel_knob net.ipv4.ip_forward 0
        log "hall network down"
        ;;
    status)
        fw -S FORWARD
        fw -S INPUT | grep -E "$(IFS='|'; echo "${PORTS[*]}")" || true
        ;;
    -h|--help) usage ;;
    *) usage; exit 2 ;;
esac
