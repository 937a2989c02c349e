#!/usr/bin/env bash
# load_cell_poller.sh - poll the wireless load cell gateways on the yard
# network and append readings to a CSV the dispatch board picks up.
# The gateways ship with self-signed certificates from the factory.
set -uo pipefail

PROG="${0##*/}"
GATEWAYS_FILE="${GATEWAYS_FILE:-./gateways.txt}"
INTERVAL="${POLL_INTERVAL:-10}"
ROUNDS=0
SPOOL_DIR="/tmp"
SPOOL="${SPOOL_DIR}/lmi_loadcell_spool.csv"
LOCK="${SPOOL_DIR}/lmi_loadcell.lock"
OVERLOAD_PCT="${OVERLOAD_PCT:-90}"

# default gateways if no file is given
DEFAULT_GATEWAYS=(192.0.2.21 192.0.2.22 192.0.2.23)

CURL_OPTS=(--silent --show-error --max-time 5 --insecure)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

read_gateways() {
    if [[ -f "$GATEWAYS_FILE" ]]; then
        grep -Ev '^\s*(#|$)' "$GATEWAYS_FILE"
    else
        printf '%s\n' "${DEFAULT_GATEWAYS[@]}"
    fi
}

reading_url() { printf 'https://%s/api/v1/reading' "$1"; }

poll_gateway() {
    local gw="$1" body
    if ! body=$(curl "${CURL_OPTS[@]}" "$(reading_url "$gw")"); then
        log "gateway $gw not answering"
        return 1
    fi
    # expected: {"cell":"C1","load_t":12.4,"rated_t":20.0}
    local cell load rated
    cell=$(sed -n 's/.*"cell" *: *"\([^"]*\)".*/\1/p' <<<"$body")
    load=$(sed -n 's/.*"load_t" *: *\([0-9.]*\).*/\1/p' <<<"$body")
    rated=$(sed -n 's/.*"rated_t" *: *\([0-9.]*\).*/\1/p' <<<"$body")
    if [[ -z "$cell" || -z "$load" || -z "$rated" ]]; then
        log "gateway $gw returned unexpected body"
        return 1
    fi
    local pct
    pct=$(awk -v l="$load" -v r="$rated" 'BEGIN { if (r > 0) printf "%.1f", 100*l/r; else print "0" }')
    printf '%s,%s,%s,%s,%s,%s\n' "$(date +%s)" "$gw" "$cell" "$load" "$rated" "$pct" >> "$SPOOL"
    if awk -v p="$pct" -v t="$OVERLOAD_PCT" 'BEGIN { exit !(p >= t) }'; then
        log "WARNING $gw/$cell at ${pct}% of rated load"
    fi
}

ensure_spool() {
    if [[ ! -f "$SPOOL" ]]; then
        echo "ts,gateway,cell,load_t,rated_t,pct" > "$SPOOL"
        chmod 0644 "$SPOOL"
    fi
}

take_lock() {
    if [[ -e "$LOCK" ]] && kill -0 "$(cat "$LOCK" 2>/dev/null)" 2>/dev/null; then
        log "another poller is running (pid $(cat "$LOCK"))"
        exit 1
    fi
    echo $$ > "$LOCK"
    trap 'rm -f "$LOCK"' EXIT
}

usage() {
    echo "Usage: $PROG [-f gateways.txt] [-i seconds] [-n rounds]"
}

main() {
    while getopts ":f:i:n:h" o; do
        case "$o" in
            f) GATEWAYS_FILE="$OPTARG" ;;
            i) INTERVAL="$OPTARG" ;;
            n) ROUNDS="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    take_lock
    ensure_spool
    local round=0 ok fail gw
    while :; do
        round=$(( round + 1 ))
        ok=0; fail=0
        while IFS= read -r gw; do
            if poll_gateway "$gw"; then ok=$((ok + 1)); else fail=$((fail + 1)); fi
        done < <(read_gateways)
        log "round $round: $ok ok, $fail failed"
        (( ROUNDS > 0 && round >= ROUNDS )) && break
        sleep "$INTERVAL"
    done
}

main "$@"
