#!/usr/bin/env bash
# Allow the regional office to reach the station's data upload service
# (port 8443) and the logger telemetry listener (UDP 5140), nothing else.
set -euo pipefail

OFFICE_NET="${OFFICE_NET:-198.51.100.0/24}"
UPLOAD_PORT="${UPLOAD_PORT:-8443}"
TELEMETRY_PORT="${TELEMETRY_PORT:-5140}"
CHAIN="STATION_IN"
ACTION="apply"

log() { logger -t station-ports "$*" 2>/dev/null || true; echo "[ports] $*"; }

usage() {
    echo "Usage: $0 [apply|remove|show] [-o office_cidr]"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            apply|remove|show) ACTION="$1"; shift ;;
            -o) OFFICE_NET="$2"; shift 2 ;;
            -h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
}

fw() {
    local bin="ip""tables"
    if [[ $EUID -ne 0 ]]; then
        sudo "$bin" "$@"
    else
        "$bin" "$@"
    fi
}

ensure_chain() {
    fw -N "$CHAIN" 2>/dev/null || true
    if ! fw -C INPUT -j "$CHAIN" 2>/dev/null; then
        fw -I INPUT 1 -j "$CHAIN"
        log "hooked $CHAIN into INPUT"
    fi
}

add_rule() {
    local proto="$1" port="$2"
    if ! fw -C "$CHAIN" -p "$proto" -s "$OFFICE_NET" --dport "$port" -j ACCEPT 2>/dev/null; then
        fw -A "$CHAIN" -p "$proto" -s "$OFFICE_NET" --dport "$port" -j ACCEPT
        log "allow $proto/$port from $OFFICE_NET"
    fi
}

apply_rules() {
    ensure_chain
    add_rule tcp "$UPLOAD_PORT"
    add_rule udp "$TELEMETRY_PORT"
    fw -A "$CHAIN" -j RETURN 2>/dev/null || true
}

remove_rules() {
    fw -D INPUT -j "$CHAIN" 2>/dev/null || true
    fw -F "$CHAIN" 2>/dev/null || true
    fw -X "$CHAIN" 2>/dev/null || true
    log "station rules removed"
}

main() {
    parse_args "$@"
    case "$ACTION" in
        apply) apply_rules ;;
        remove) remove_rules ;;
        show) fw -S "$CHAIN" || log "no station chain" ;;
    esac
}

main "$@"
