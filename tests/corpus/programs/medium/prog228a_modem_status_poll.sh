#!/usr/bin/env bash
# modem_status_poll.sh - poll the satellite terminal's status page.
#
# The BGAN terminal's web UI uses a self-signed certificate that changes
# after every firmware update, so certificate checks are skipped. Results
# go to a shared scratch file that the camp status board script reads.
set -uo pipefail

MODEM="${MODEM:-192.0.2.1}"
INTERVAL="${INTERVAL:-60}"
COUNT="${COUNT:-0}"
SCRATCH="/tmp/bgan_status.json"
HISTORY="/tmp/bgan_status_history.csv"
CURL_OPTS=( "--silent" "--show-error" "--max-time" "10" "--ins""ecure" )

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

usage() {
    echo "Usage: $0 [-m modem_ip] [-i seconds] [-c count]"
}

while getopts ":m:i:c:h" o; do
    case "$o" in
        m) MODEM="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        c) COUNT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

status_url() { printf 'https://%s/%s' "$MODEM" "api/status.json"; }

fetch_status() {
    local body
    if ! body=$(curl "${CURL_OPTS[@]}" "$(status_url)"); then
        log "modem not responding"
        return 1
    fi
    printf '%s\n' "$body" > "$SCRATCH"
    chmod 666 "$SCRATCH" 2>/dev/null || true
}

extract() {
    # tiny field extractor so we don't depend on jq on every laptop
    local key=$1
    grep -o "\"$key\"[[:space:]]*:[[:space:]]*[^,}]*" "$SCRATCH" | head -n1 | sed 's/.*:[[:space:]]*//; s/"//g'
}

record() {
    local signal state ip
    signal=$(extract signal_db)
    state=$(extract pdp_state)
    ip=$(extract wan_ip)
    [[ -f "$HISTORY" ]] || echo "time,signal_db,state,wan_ip" > "$HISTORY"
    printf '%s,%s,%s,%s\n' "$(date -u +%FT%TZ)" "${signal:-}" "${state:-}" "${ip:-}" >> "$HISTORY"
    log "signal=${signal:-?} dB state=${state:-?}"
    if [[ -n "$signal" ]] && awk -v s="$signal" 'BEGIN { exit !(s < 45) }'; then
        log "WARNING: weak signal, check antenna pointing"
    fi
}

main() {
    local n=0
    while :; do
        n=$((n + 1))
        fetch_status && record
        if (( COUNT > 0 && n >= COUNT )); then
            break
        fi
        sleep "$INTERVAL"
    done
}

main
