#!/bin/sh
# Prepare a ground-control laptop for a multi-vehicle flight day:
#  - open the MAVLink UDP ports for each vehicle sysid in the plan
#  - raise socket buffer limits so video + telemetry don't drop packets
#  - restart mavlink-router with the new endpoints
# POSIX sh so it also runs on the Alpine-based GCS image.
set -eu

PLAN="${1:-flight_day.conf}"
BASE_PORT=14550
RMEM_TARGET=8388608
CHAIN="GCS_MAVLINK"
ROUTER_CONF="mavlink-router.d/endpoints.conf"

say() { printf '%s gcs-prep: %s\n' "$(date +%T)" "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

if [ ! -r "$PLAN" ]; then
    say "flight plan config $PLAN not found"
    exit 1
fi

ensure_chain() {
    if ! as_root iptables -n -L "$CHAIN" >/dev/null 2>&1; then
        say "creating chain $CHAIN"
        as_root iptables -N "$CHAIN"
        as_root iptables -I INPUT 1 -j "$CHAIN"
    fi
}

allow_vehicle() {
    sysid="$1"; subnet="$2"
    port=$((BASE_PORT + sysid))
    if ! as_root iptables -C "$CHAIN" -p udp -s "$subnet" --dport "$port" \
            -m comment --comment "mavlink sysid $sysid" -j ACCEPT 2>/dev/null; then
        as_root iptables -A "$CHAIN" -p udp -s "$subnet" --dport "$port" \
            -m comment --comment "mavlink sysid $sysid" -j ACCEPT
    fi
    say "vehicle $sysid: udp/$port from $subnet"
    printf '[UdpEndpoint vehicle%s]\nMode = Server\nAddress = 0.0.0.0\nPort = %s\n\n' \
        "$sysid" "$port" >> "$ROUTER_CONF.new"
}

tune_buffers() {
    current=$(sysctl -n net.core.rmem_max)
    if [ "$current" -lt "$RMEM_TARGET" ]; then
        say "raising rmem_max $current -> $RMEM_TARGET"
        as_root sysctl -w net.core.rmem_max="$RMEM_TARGET" >/dev/null
        as_root sysctl -w net.core.rmem_default=1048576 >/dev/null
    fi
}

mkdir -p "$(dirname "$ROUTER_CONF")"
: > "$ROUTER_CONF.new"
ensure_chain

count=0
while read -r sysid subnet name; do
    case "$sysid" in ''|'#'*) continue ;; esac
    allow_vehicle "$sysid" "$subnet"
    count=$((count + 1))
    say "  ($name)"
done < "$PLAN"

mv "$ROUTER_CONF.new" "$ROUTER_CONF"
tune_buffers

if command -v systemctl >/dev/null 2>&1; then
    as_root systemctl restart mavlink-router.service
else
    as_root rc-service mavlink-router restart
fi

say "$count vehicle(s) configured; rules in chain $CHAIN"
as_root iptables -n -L "$CHAIN" --line-numbers
