#!/usr/bin/env bash
# kiosk_status_check.sh - morning check of ticket kiosks and queue displays
#
# Before gates open, the IT on shift checks that every self-service ticket
# kiosk and ride queue-time display answers on its status endpoint.  The list
# of devices lives in devices.txt (name and URL per line).  Results go to a
# dated report in the working directory.
#
# Usage: kiosk_status_check.sh [-f devices_file] [-t timeout] [-o report]

set -uo pipefail

DEVICES_FILE="./devices.txt"
TIMEOUT=5
REPORT="./kiosk_status_$(date +%Y%m%d_%H%M).txt"

usage() {
    echo "Usage: $0 [-f devices_file] [-t timeout] [-o report]"
    echo "devices file format: <name> <status-url>   (# starts a comment)"
}

while getopts ":f:t:o:h" opt; do
    case "$opt" in
        f) DEVICES_FILE="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        o) REPORT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ ! -r "$DEVICES_FILE" ]]; then
    echo "cannot read $DEVICES_FILE" >&2
    exit 1
fi

check_device() {
    local url="$1"
    local code time_total
    read -r code time_total < <(curl -s -I -o /dev/null \
        --max-time "$TIMEOUT" -w '%{http_code} %{time_total}\n' "$url" || echo "000 0")
    echo "$code $time_total"
}

classify() {
    local code="$1" secs="$2"
    if [[ "$code" == "000" ]]; then
        echo "DOWN"
    elif [[ "$code" -ge 500 ]]; then
        echo "ERROR"
    elif awk -v s="$secs" 'BEGIN { exit !(s > 2.0) }'; then
        echo "SLOW"
    else
        echo "OK"
    fi
}

main() {
    local total=0 ok=0 problems=()
    {
        echo "Kiosk / display status check $(date '+%F %T')"
        printf '%-22s %-6s %-6s %s\n' "device" "http" "secs" "state"
    } > "$REPORT"

    while read -r name url _; do
        [[ -z "${name:-}" || "$name" == \#* ]] && continue
        total=$((total + 1))
        read -r code secs < <(check_device "$url")
        state=$(classify "$code" "$secs")
        printf '%-22s %-6s %-6s %s\n' "$name" "$code" "$secs" "$state" >> "$REPORT"
        if [[ "$state" == "OK" ]]; then
            ok=$((ok + 1))
        else
            problems+=("$name:$state")
        fi
    done < "$DEVICES_FILE"

    echo "" >> "$REPORT"
    echo "$ok of $total devices OK" >> "$REPORT"
    chmod 0600 "$REPORT"

    cat "$REPORT"
    if [[ ${#problems[@]} -gt 0 ]]; then
        echo "needs attention: ${problems[*]}" >&2
        exit 3
    fi
}

main
