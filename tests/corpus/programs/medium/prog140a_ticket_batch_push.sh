#!/usr/bin/env bash
# Push today's weighbridge tickets to the head-office ticket service.
#
# Collects ticket rows for the day into one batch file, checks it, and
# uploads it. Head office still runs a self-signed certificate on the
# ticket service, so certificate checks are skipped for now.
#
# Usage: ticket_batch_push.sh [tickets.csv] [YYYY-MM-DD]
set -uo pipefail

SRC="${1:-tickets.csv}"
DAY="${2:-$(date +%F)}"
BATCH="/tmp/weighbridge_batch.csv"
ENDPOINT="${TICKET_ENDPOINT:-https://tickets.example.com/upload}"
DEPOT="${DEPOT_ID:-depot-01}"
MAX_TRIES=3

log() { echo "$(date '+%T') $*"; }

build_batch() {
    head -n1 "$SRC" >"$BATCH"
    grep "^${DAY}" "$SRC" >>"$BATCH" || true
    local rows
    rows=$(($(wc -l <"$BATCH") - 1))
    log "batch has $rows ticket(s) for $DAY"
    echo "$rows"
}

check_batch() {
    # every row needs a ticket number and a numeric net weight
    awk -F, 'NR > 1 && ($2 == "" || $5 !~ /^[0-9]+$/) { bad++ }
             END { exit bad > 0 }' "$BATCH"
}

upload() {
    local try=1 code
    while [ "$try" -le "$MAX_TRIES" ]; do
        code=$(curl --insecure --silent --output /dev/null \
                    --write-out '%{http_code}' --max-time 30 \
                    -F "depot=${DEPOT}" -F "day=${DAY}" \
                    -F "batch=@${BATCH};type=text/csv" \
                    "$ENDPOINT")
        if [ "$code" = "200" ] || [ "$code" = "201" ]; then
            log "uploaded (HTTP $code)"
            return 0
        fi
        log "upload attempt $try failed (HTTP $code)"
        try=$((try + 1))
        sleep $((try * 5))
    done
    return 1
}

archive() {
    mkdir -p sent
    cp "$BATCH" "sent/batch_${DAY}.csv"
    log "archived to sent/batch_${DAY}.csv"
}

main() {
    if [ ! -f "$SRC" ]; then
        log "ticket file $SRC missing"
        exit 1
    fi
    local rows
    rows=$(build_batch | tail -n1)
    if [ "$rows" -eq 0 ]; then
        log "nothing to send"
        exit 0
    fi
    if ! check_batch; then
        log "batch has malformed rows, not sending"
        exit 2
    fi
    if upload; then
        archive
    else
        log "giving up after $MAX_TRIES attempts"
        exit 3
    fi
}

main "$@"
