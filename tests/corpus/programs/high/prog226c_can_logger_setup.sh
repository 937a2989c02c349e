#!/usr/bin/env bash
# Bring up the SocketCAN interfaces on the bench logger PC and start a
# candump capture of the car's chassis and powertrain buses.
# Bitrates come from the bus config JSON exported by the electronics team.
#
# usage: can_logger_setup.sh [-c bus_config.json] [-o outdir] [-V] [-n]
set -euo pipefail

CONFIG="./config/can_buses.json"
OUT_DIR="./can_logs"
USE_VCAN=0
NO_CAPTURE=0

log() { printf '%s [can-setup] %s\n' "$(date +%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:o:Vnh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        V) USE_VCAN=1 ;;
        n) NO_CAPTURE=1 ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) die "bad option" ;;
    esac
done

[[ -f "$CONFIG" ]] || die "bus config $CONFIG not found"
command -v ip >/dev/null || die "iproute2 missing"

export CAN_BUS_CONFIG="$CONFIG"
# emit "iface bitrate dbitrate" lines from the JSON config
BUS_TABLE="$(python3 -c '
import json, os, sys
with open(os.environ["CAN_BUS_CONFIG"]) as fh:
    cfg = json.load(fh)
for bus in cfg.get("buses", []):
    iface = bus["iface"]
    rate = int(bus.get("bitrate", 500000))
    drate = int(bus.get("data_bitrate", 0))
    if rate not in (125000, 250000, 500000, 1000000):
        sys.exit(f"unsupported bitrate {rate} on {iface}")
    print(iface, rate, drate)
')" || die "invalid bus config"

[[ -n "$BUS_TABLE" ]] || die "no buses defined"

load_modules() {
    local mods=(can can_raw can_dev)
    [[ $USE_VCAN -eq 1 ]] && mods+=(vcan)
    for m in "${mods[@]}"; do
        if ! lsmod | grep -q "^${m} "; then
            sudo modprobe "$m" || die "modprobe $m failed"
            log "loaded $m"
        fi
    done
}

bring_up() {
    local iface="$1" rate="$2" drate="$3"
    if [[ $USE_VCAN -eq 1 ]]; then
        ip link show "$iface" >/dev/null 2>&1 || sudo ip link add dev "$iface" type vcan
    else
        ip link show "$iface" >/dev/null 2>&1 || die "$iface not present (adapter plugged in?)"
        sudo ip link set "$iface" down
        if [[ "$drate" -gt 0 ]]; then
            sudo ip link set "$iface" type can bitrate "$rate" dbitrate "$drate" fd on
        else
            sudo ip link set "$iface" type can bitrate "$rate" restart-ms 100
        fi
    fi
    sudo ip link set "$iface" up
    log "$iface up at $rate bit/s"
}

load_modules
IFACES=()
while read -r iface rate drate; do
    bring_up "$iface" "$rate" "$drate"
    IFACES+=("$iface")
done <<<"$BUS_TABLE"

if [[ $NO_CAPTURE -eq 1 ]]; then
    log "interfaces ready, capture skipped"
    exit 0
fi

command -v candump >/dev/null || die "can-utils (candump) not installed"
mkdir -p "$OUT_DIR"
STAMP="$(date +%Y%m%d_%H%M%S)"
PIDS=()
for iface in "${IFACES[@]}"; do
    candump -L "$iface" > "$OUT_DIR/${STAMP}_${iface}.log" &
    PIDS+=($!)
    log "capturing $iface -> $OUT_DIR/${STAMP}_${iface}.log"
done

trap 'kill "${PIDS[@]}" 2>/dev/null; log "capture stopped"' INT TERM
wait
