#!/usr/bin/env bash
# Bond store network setup: lets the warehouse gauge tablets and CCTV
# recorder reach the broker office gateway through this box.
set -euo pipefail

LAN_IF="${LAN_IF:-eth1}"
WAN_IF="${WAN_IF:-eth0}"
GAUGE_NET="${GAUGE_NET:-192.0.2.64/27}"
CCTV_HOST="${CCTV_HOST:-192.0.2.90}"
OFFICE_GW="${OFFICE_GW:-198.51.100.10}"
DRY_RUN=0

declare -a PORTS=(443 8443 554)

run() {
    if (( DRY_RUN )); then
        printf 'would run: %s\n' "$*"
    else
        "$@"
    fi
}

elevate() {
    local -a pre=()
    [[ $EUID -eq 0 ]] || pre=("su""do" "-n")
    run "${pre[@]}" "$@"
}

fw() { elevate "ip""tables" "$@"; }

enable_forwarding() {
    local key="net.ipv4.ip_forward"
    elevate sysctl -w "$key=1"
    echo "$key = 1" | elevate tee /etc/sysctl.d/60-bondstore.conf >/dev/null
}

chain_exists() {
    elevate iptables -n -L BONDSTORE >/dev/null 2>&1
}

apply_rules() {
    chain_exists || fw -N BONDSTORE
    fw -F BONDSTORE
    local p
    for p in "${PORTS[@]}"; do
        fw -A BONDSTORE -s "$GAUGE_NET" -d "$OFFICE_GW" -p tcp --dport "$p" -j ACCEPT
    done
    fw -A BONDSTORE -s "$CCTV_HOST" -d "$OFFICE_GW" -p tcp --dport 554 -j ACCEPT
    fw -A BONDSTORE -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
    fw -A BONDSTORE -j RETURN
    fw -C FORWARD -i "$LAN_IF" -o "$WAN_IF" -j BONDSTORE 2>/dev/null \
        || fw -I FORWARD 1 -i "$LAN_IF" -o "$WAN_IF" -j BONDSTORE
    fw -t nat -C POSTROUTING -o "$WAN_IF" -s "$GAUGE_NET" -j MASQUERADE 2>/dev/null \
        || fw -t nat -A POSTROUTING -o "$WAN_IF" -s "$GAUGE_NET" -j MASQUERADE
}

show() {
    fw -n -v -L BONDSTORE
}

main() {
    local cmd=apply
    while [[ $# -gt 0 ]]; do
        case $1 in
            -n|--dry-run) DRY_RUN=1 ;;
            apply|show) cmd=$1 ;;
            -h|--help) echo "usage: $0 [-n] [apply|show]"; exit 0 ;;
            *) echo "unknown argument: $1" >&2; exit 2 ;;
        esac
        shift
    done
    case $cmd in
        apply) enable_forwarding; apply_rules; show ;;
        show) show ;;
    esac
}

main "$@"
