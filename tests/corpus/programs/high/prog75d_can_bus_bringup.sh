#!/usr/bin/env bash
# can_bus_bringup.sh - bring up SocketCAN interfaces for the bench logger.
#
# Reads interface definitions from ./canbus.conf (or $CANBUS_CONF):
#
#   # name   type   bitrate  dbitrate  txqueuelen
#   can0     can    500000   -         1000
#   can1     can    500000   2000000   1000
#   vcan0    vcan   -        -         -
#
# Usage: ./can_bus_bringup.sh [--down] [--listen-only] [-c FILE]

set -euo pipefail

CONF="${CANBUS_CONF:-./canbus.conf}"
ACTION=up
LISTEN_ONLY=off
RESTART_MS=100
LOG_TAG="can-bringup"

log()  { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$LOG_TAG" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --down)        ACTION=down ;;
        --listen-only) LISTEN_ONLY=on ;;
        -c|--conf)     CONF="$2"; shift ;;
        -h|--help)     sed -n '2,12p' "$0"; exit 0 ;;
        *)             die "unknown argument: $1" ;;
    esac
    shift
done

[[ -r "$CONF" ]] || die "config $CONF not readable"

if [[ $EUID -ne 0 ]]; then
    AS_ROOT=(sudo --preserve-env=CANBUS_CONF)
else
    AS_ROOT=()
fi

load_modules() {
    local needed=(can can_raw can_dev)
    grep -qE '^[[:space:]]*[^#].*[[:space:]]vcan[[:space:]]' "$CONF" && needed+=(vcan)
    grep -qE '^[[:space:]]*[^#].*[[:space:]]can[[:space:]]' "$CONF" && needed+=(gs_usb peak_usb)
    for mod in "${needed[@]}"; do
        if ! lsmod | awk '{print $1}' | grep -qx "$mod"; then
            log "loading module $mod"
            "${AS_ROOT[@]}" modprobe "$mod" || log "module $mod unavailable, continuing"
        fi
    done
}

iface_up() {
    local name=$1 type=$2 bitrate=$3 dbitrate=$4 qlen=$5
    if [[ "$type" == vcan ]]; then
        ip link show "$name" >/dev/null 2>&1 || "${AS_ROOT[@]}" ip link add dev "$name" type vcan
    else
        ip link show "$name" >/dev/null 2>&1 || { log "$name not present, skipping"; return; }
        "${AS_ROOT[@]}" ip link set "$name" down
        local args=(type can bitrate "$bitrate" restart-ms "$RESTART_MS" listen-only "$LISTEN_ONLY")
        if [[ "$dbitrate" != "-" ]]; then
            args+=(dbitrate "$dbitrate" fd on)
        fi
        "${AS_ROOT[@]}" ip link set "$name" "${args[@]}"
    fi
    [[ "$qlen" != "-" ]] && "${AS_ROOT[@]}" ip link set "$name" txqueuelen "$qlen"
    "${AS_ROOT[@]}" ip link set "$name" up
    log "$name up ($type ${bitrate}/${dbitrate})"
}

iface_down() {
    local name=$1 type=$2
    ip link show "$name" >/dev/null 2>&1 || return 0
    "${AS_ROOT[@]}" ip link set "$name" down
    [[ "$type" == vcan ]] && "${AS_ROOT[@]}" ip link delete "$name"
    log "$name down"
}

[[ "$ACTION" == up ]] && load_modules

while read -r name type bitrate dbitrate qlen _rest; do
    [[ -z "${name:-}" || "$name" == \#* ]] && continue
    case "$ACTION" in
        up)   iface_up "$name" "$type" "${bitrate:--}" "${dbitrate:--}" "${qlen:--}" ;;
        down) iface_down "$name" "$type" ;;
    esac
done < "$CONF"

if [[ "$ACTION" == up ]]; then
    ip -details -brief link show type can 2>/dev/null || true
    ip -brief link show type vcan 2>/dev/null || true
fi
