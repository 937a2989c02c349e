#!/usr/bin/env bash
# receipt_printer_status.sh - poll the kiosk's thermal receipt printer for
# paper and cutter status. The printer ships a self-signed certificate, so
# certificate checks are skipped for this one device.
#
# usage: receipt_printer_status.sh [-H printer-ip] [-i interval] [-c count]
set -uo pipefail

PRINTER="192.0.2.31"
INTERVAL=30
COUNT=1
STATUS_FILE="/tmp/kiosk_printer_status.json"
HISTORY_FILE="/tmp/kiosk_printer_history.log"
CURL_OPTS=(-s --max-time 8 --insecure)

while getopts ":H:i:c:h" o; do
    case "$o" in
        H) PRINTER="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        c) COUNT="$OPTARG" ;;
        *) sed -n '2,6p' "$0"; exit 1 ;;
    esac
done

status_url() { printf 'https://%s/api/v1/%s' "$PRINTER" "status"; }

fetch_status() {
    curl "${CURL_OPTS[@]}" -H 'Accept: application/json' "$(status_url)"
}

field() {
    # crude JSON field extraction, good enough for the printer's flat output
    sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*\"\{0,1\}\([^\",}]*\).*/\1/p" <<<"$2" | head -n1
}

classify() {
    local paper="$1" cutter="$2"
    if [[ "$paper" == "out" ]]; then echo "CRITICAL"
    elif [[ "$paper" == "low" || "$cutter" != "ok" ]]; then echo "WARNING"
    else echo "OK"
    fi
}

poll_once() {
    local body paper cutter level
    if ! body="$(fetch_status)"; then
        echo "$(date -Is) UNREACHABLE $PRINTER" >> "$HISTORY_FILE"
        echo "UNREACHABLE"
        return 1
    fi
    printf '%s\n' "$body" > "$STATUS_FILE"
    paper="$(field paper "$body")"
    cutter="$(field cutter "$body")"
    level="$(classify "${paper:-unknown}" "${cutter:-unknown}")"
    echo "$(date -Is) $level paper=${paper:-?} cutter=${cutter:-?}" >> "$HISTORY_FILE"
    echo "$level paper=${paper:-?} cutter=${cutter:-?}"
    [[ "$level" == "OK" ]]
}

main() {
    local i=0 rc=0
    while (( i < COUNT )); do
        poll_once || rc=1
        i=$((i + 1))
        (( i < COUNT )) && sleep "$INTERVAL"
    done
    return "$rc"
}

main
