#!/usr/bin/env bash
# wifi_channel_hopper.sh - put a USB Wi-Fi adapter into monitor mode, hop
# through 2.4/5 GHz channels and record 802.11 management frames to a pcapng
# in ./survey/ for later airtime/beacon analysis. Restores managed mode and
# NetworkManager on exit.

set -euo pipefail

IFACE="${1:-wlx00c0ca000001}"
DWELL="${DWELL:-0.5}"
DURATION="${DURATION:-300}"
CHANNELS_24=(1 6 11 2 7 3 8 4 9 5 10)
CHANNELS_5=(36 40 44 48 149 153 157 161)
OUTDIR="./survey"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

log() { printf '[hopper %(%H:%M:%S)T] %s\n' -1 "$*" >&2; }

nm_was_active=0
cap_pid=""

restore() {
    log "restoring $IFACE"
    [ -n "$cap_pid" ] && $SUDO kill "$cap_pid" 2>/dev/null || true
    $SUDO ip link set "$IFACE" down || true
    $SUDO iw dev "$IFACE" set type managed || true
    $SUDO ip link set "$IFACE" up || true
    if [ "$nm_was_active" -eq 1 ]; then
        $SUDO systemctl start NetworkManager.service
        log "NetworkManager restarted"
    fi
}

enter_monitor() {
    if systemctl is-active --quiet NetworkManager.service; then
        nm_was_active=1
        log "stopping NetworkManager so it does not fight over $IFACE"
        $SUDO systemctl stop NetworkManager.service
    fi
    $SUDO ip link set "$IFACE" down
    $SUDO iw dev "$IFACE" set type monitor
    $SUDO iw dev "$IFACE" set monitor control otherbss
    $SUDO ip link set "$IFACE" up
}

supported_channels() {
    local ch
    for ch in "${CHANNELS_24[@]}" "${CHANNELS_5[@]}"; do
        if $SUDO iw dev "$IFACE" set channel "$ch" 2>/dev/null; then
            printf '%s\n' "$ch"
        fi
    done
}

main() {
    ip link show "$IFACE" >/dev/null 2>&1 || { log "no such interface $IFACE"; exit 1; }
    command -v dumpcap >/dev/null || { log "dumpcap missing (wireshark-cli)"; exit 1; }
    mkdir -p "$OUTDIR"
    trap restore EXIT INT TERM

    enter_monitor
    mapfile -t usable < <(supported_channels)
    [ "${#usable[@]}" -gt 0 ] || { log "adapter accepted no channels"; exit 1; }
    log "hopping over ${#usable[@]} channels: ${usable[*]}"

    local out="$OUTDIR/mgmt-$(date +%Y%m%d-%H%M%S).pcapng"
    $SUDO dumpcap -q -i "$IFACE" -I -f "type mgt" -a "duration:$DURATION" -w "$out" &
    cap_pid=$!

    local end=$((SECONDS + DURATION)) i=0
    while [ "$SECONDS" -lt "$end" ] && kill -0 "$cap_pid" 2>/dev/null; do
        $SUDO iw dev "$IFACE" set channel "${usable[i]}" 2>/dev/null || true
        i=$(( (i + 1) % ${#usable[@]} ))
        sleep "$DWELL"
    done
    wait "$cap_pid" || true
    cap_pid=""
    $SUDO chown "$(id -u):$(id -g)" "$out" 2>/dev/null || true
    log "capture written to $out"
}

main "$@"
