#!/bin/sh
# Bring up the CAN interface(s) on a bench setup: load the controller
# driver (on-board MCP2515 over SPI, or a USB gs_usb/peak adapter on the
# host side), configure bitrate / CAN-FD timing, and run a short loopback
# or traffic check with can-utils.
#
#   can_bus_bringup.sh [-i can0] [-b 500000] [-d 2000000] [-t mcp251x|gs_usb|peak_usb] [-c]
set -eu

IFACE="can0"
BITRATE=500000
DBITRATE=""
DRIVER="gs_usb"
CHECK=0
RESTART_MS=100
CFG_FILE="${CAN_BENCH_CONF:-./can-bench.conf}"

log() { echo "can-bringup: $*"; }
err() { echo "can-bringup: error: $*" >&2; exit 1; }

# bench config may override defaults (IFACE=, BITRATE=, DRIVER=)
if [ -f "$CFG_FILE" ]; then
    # shellcheck disable=SC1090
    . "$CFG_FILE"
    log "loaded $CFG_FILE"
fi

while getopts "i:b:d:t:ch" opt; do
    case "$opt" in
        i) IFACE="$OPTARG" ;;
        b) BITRATE="$OPTARG" ;;
        d) DBITRATE="$OPTARG" ;;
        t) DRIVER="$OPTARG" ;;
        c) CHECK=1 ;;
        h) sed -n '2,7p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
elif command -v doas >/dev/null 2>&1; then
    AS_ROOT="doas"
elif command -v sudo >/dev/null 2>&1; then
    AS_ROOT="sudo"
else
    err "need root (no sudo/doas found)"
fi

load_modules() {
    for mod in can can_raw can_dev "$DRIVER"; do
        if ! lsmod | awk '{print $1}' | grep -qx "$mod"; then
            log "loading $mod"
            $AS_ROOT modprobe "$mod" || err "modprobe $mod failed"
        fi
    done
}

wait_for_iface() {
    n=0
    while ! ip link show "$IFACE" >/dev/null 2>&1; do
        n=$((n + 1))
        [ "$n" -gt 20 ] && err "$IFACE did not appear (adapter plugged in? DT overlay loaded?)"
        sleep 0.5
    done
}

configure() {
    $AS_ROOT ip link set "$IFACE" down 2>/dev/null || true
    if [ -n "$DBITRATE" ]; then
        log "$IFACE: CAN-FD ${BITRATE}/${DBITRATE}"
        $AS_ROOT ip link set "$IFACE" type can bitrate "$BITRATE" dbitrate "$DBITRATE" \
            fd on restart-ms "$RESTART_MS"
    else
        log "$IFACE: classic CAN ${BITRATE}"
        $AS_ROOT ip link set "$IFACE" type can bitrate "$BITRATE" restart-ms "$RESTART_MS"
    fi
    $AS_ROOT ip link set "$IFACE" txqueuelen 1000
    $AS_ROOT ip link set "$IFACE" up
    ip -details -statistics link show "$IFACE" | sed 's/^/    /'
}

traffic_check() {
    command -v cansend >/dev/null 2>&1 || { log "can-utils not installed, skipping check"; return 0; }
    out="./can-check-$(date +%Y%m%d-%H%M%S).log"
    timeout 3 candump -L "$IFACE" >"$out" 2>&1 &
    dump_pid=$!
    sleep 0.3
    cansend "$IFACE" 123#DEADBEEF
    cansend "$IFACE" 7DF#0201000000000000
    wait "$dump_pid" || true
    frames=$(wc -l <"$out")
    log "captured $frames frame(s) in $out"
    state=$(ip -details link show "$IFACE" | awk '/state/ && /can/ {for (i=1;i<=NF;i++) if ($i=="state") print $(i+1)}')
    log "controller state: ${state:-unknown}"
    [ "$state" = "BUS-OFF" ] && err "bus-off: check termination (120R) and bitrate"
    return 0
}

load_modules
wait_for_iface
configure
[ "$CHECK" -eq 1 ] && traffic_check
log "done"
