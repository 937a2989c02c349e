#!/bin/bash
# Opens the ticket gate and boarding display ports on the terminal host.
# Rules are inserted into a dedicated chain so they can be removed cleanly.
set -euo pipefail

CHAIN=${CHAIN:-HOVER_GATES}
GATE_NET=${GATE_NET:-198.51.100.0/24}
RULES_FILE=${RULES_FILE:-/etc/iptables/rules.v4}

declare -A SERVICES=(
    [gate_api]="tcp 8443"
    [display_feed]="tcp 9100"
    [scanner_sync]="udp 5140"
)

log() { printf '[gates] %s\n' "$*" >&2; }

priv() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

ipt() { priv iptables -w "$@"; }

ensure_chain() {
    if ! ipt -n -L "$CHAIN" >/dev/null 2>&1; then
        ipt -N "$CHAIN"
        log "created chain $CHAIN"
    fi
    if ! ipt -C INPUT -j "$CHAIN" 2>/dev/null; then
        ipt -I INPUT 1 -j "$CHAIN"
        log "hooked $CHAIN into INPUT"
    fi
}

rule_args() {
    local proto=$1 port=$2
    printf '%s\n' -p "$proto" -s "$GATE_NET" --dport "$port" -j ACCEPT
}

add_service() {
    local name=$1
    local spec
    read -r -a spec <<< "${SERVICES[$name]}"
    local args
    mapfile -t args < <(rule_args "${spec[0]}" "${spec[1]}")
    if ipt -C "$CHAIN" "${args[@]}" 2>/dev/null; then
        log "$name already open"
    else
        ipt -A "$CHAIN" "${args[@]}"
        log "opened $name (${spec[*]}) for $GATE_NET"
    fi
}

remove_all() {
    ipt -D INPUT -j "$CHAIN" 2>/dev/null || true
    ipt -F "$CHAIN" 2>/dev/null || true
    ipt -X "$CHAIN" 2>/dev/null || true
    log "removed $CHAIN"
}

save_rules() {
    local tmp
    tmp=$(mktemp)
    priv iptables-save > "$tmp"
    priv install -m 0640 -D "$tmp" "$RULES_FILE"
    rm -f "$tmp"
    log "saved rules to $RULES_FILE"
}

show() {
    ipt -n -v -L "$CHAIN" --line-numbers
}

usage() {
    printf 'usage: %s open|close|show [service...]\n' "$0" >&2
    printf 'services: %s\n' "${!SERVICES[*]}" >&2
    exit 2
}

main() {
    local action=${1:-}
    [ -n "$action" ] || usage
    shift
    local wanted=("$@")
    [ ${#wanted[@]} -gt 0 ] || wanted=("${!SERVICES[@]}")

    case $action in
        open)
            ensure_chain
            local s
            for s in "${wanted[@]}"; do
                [ -n "${SERVICES[$s]:-}" ] || usage
                add_service "$s"
            done
            save_rules
            ;;
        close)
            remove_all
            save_rules
            ;;
        show)
            show
            ;;
        *)
            usage
            ;;
    esac
}

main "$@"
