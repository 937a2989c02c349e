#!/bin/sh
# Poll the fume cupboard controllers and print a status board.
#
# Each hood controller has a small web interface that returns JSON at
# /api/status. The controllers use self-signed certificates that nobody has
# replaced since installation, hence the relaxed curl options.
#
# Usage: hood_poll.sh [-w seconds] [hosts-file]

INTERVAL=0
HOSTS_FILE="hoods.txt"
STATE_FILE="/tmp/hood_status.json"
ALERT_FILE="/tmp/hood_alerts.txt"
MIN_VELOCITY="0.40"

while getopts "w:" opt; do
    case "$opt" in
        w) INTERVAL="$OPTARG" ;;
        *) echo "usage: $0 [-w seconds] [hosts-file]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ -n "$1" ] && HOSTS_FILE="$1"

if [ ! -r "$HOSTS_FILE" ]; then
    echo "hosts file $HOSTS_FILE not readable" >&2
    exit 1
fi

fetch_status() {
    # $1 = controller address
    curl -sk --max-time 5 \
         -u "monitor:${HOOD_API_PASS:-monitor}" \
         "https://$1/api/status"
}

velocity_of() {
    # pull face_velocity out of the JSON without needing jq on lab PCs
    sed -n 's/.*"face_velocity"[[:space:]]*:[[:space:]]*\([0-9.]*\).*/\1/p'
}

is_low() {
    awk -v v="$1" -v m="$MIN_VELOCITY" 'BEGIN { exit !(v < m) }'
}

poll_once() {
    : > "$STATE_FILE"
    : > "$ALERT_FILE"
    chmod 666 "$STATE_FILE" "$ALERT_FILE" 2>/dev/null
    printf '%-8s %-16s %-10s %s\n' "HOOD" "ADDRESS" "VELOCITY" "STATE"
    while read -r name addr; do
        case "$name" in ''|\#*) continue ;; esac
        body="$(fetch_status "$addr")"
        if [ -z "$body" ]; then
            printf '%-8s %-16s %-10s %s\n' "$name" "$addr" "-" "NO RESPONSE"
            echo "$name unreachable" >> "$ALERT_FILE"
            continue
        fi
        printf '{"hood":"%s","data":%s}\n' "$name" "$body" >> "$STATE_FILE"
        vel="$(printf '%s' "$body" | velocity_of)"
        if [ -z "$vel" ]; then
            state="UNKNOWN"
        elif is_low "$vel"; then
            state="LOW FLOW"
            echo "$name face velocity $vel m/s" >> "$ALERT_FILE"
        else
            state="OK"
        fi
        printf '%-8s %-16s %-10s %s\n' "$name" "$addr" "${vel:--}" "$state"
    done < "$HOSTS_FILE"

    if [ -s "$ALERT_FILE" ]; then
        echo
        echo "ALERTS:"
        cat "$ALERT_FILE"
    fi
}

if [ "$INTERVAL" -gt 0 ] 2>/dev/null; then
    while :; do
        clear
        date
        poll_once
        sleep "$INTERVAL"
    done
else
    poll_once
fi
