#!/bin/sh
# Post the nightly benchmark summary to a Matrix room.
#
# The benchmark job leaves results/bench-*.csv in the working directory
# (columns: name,mean_ms,stddev_ms).  This script compares tonight's file
# with the previous one and sends the result as an m.notice event using the
# bot's access token (MATRIX_ACCESS_TOKEN) against our own homeserver.
set -eu

HOMESERVER="${MATRIX_HOMESERVER:-https://matrix.example.org}"
ROOM_ID="${MATRIX_ROOM_ID:-!benchmarks:example.org}"
RESULTS_DIR="${RESULTS_DIR:-results}"
THRESHOLD_PCT="${THRESHOLD_PCT:-5}"

log() {
    echo "$(date '+%H:%M:%S') matrix-report: $*" >&2
}

fail() {
    log "$*"
    exit 1
}

latest_two() {
    # newest first; file names sort by date (bench-YYYYMMDD.csv)
    ls -1 "$RESULTS_DIR"/bench-*.csv 2>/dev/null | sort -r | head -n 2
}

compare() {
    new="$1"
    old="$2"
    awk -F, -v thr="$THRESHOLD_PCT" '
        FNR == 1 { next }
        NR == FNR { base[$1] = $2; next }
        {
            if (!($1 in base) || base[$1] == 0) { printf "new   %-28s %8.2f ms\n", $1, $2; next }
            pct = ($2 - base[$1]) * 100 / base[$1]
            tag = "ok   "
            if (pct > thr) tag = "SLOW "
            else if (pct < -thr) tag = "FAST "
            printf "%s %-28s %8.2f ms (%+.1f%%)\n", tag, $1, $2, pct
        }
    ' "$old" "$new"
}

send_notice() {
    body="$1"
    txn="bench-$(date +%s)-$$"
    payload=$(jq -n --arg b "$body" '{msgtype: "m.notice", body: $b,
        format: "org.matrix.custom.html",
        formatted_body: ("<pre>" + ($b | @html) + "</pre>")}')
    status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 15 \
        -X PUT \
        -H "Authorization: Bearer $MATRIX_ACCESS_TOKEN" \
        -H 'Content-Type: application/json' \
        --data "$payload" \
        "$HOMESERVER/_matrix/client/v3/rooms/$ROOM_ID/send/m.room.message/$txn")
    [ "$status" = "200" ] || fail "homeserver returned HTTP $status"
}

main() {
    [ -n "${MATRIX_ACCESS_TOKEN:-}" ] || fail "MATRIX_ACCESS_TOKEN not set"
    command -v jq >/dev/null 2>&1 || fail "jq not installed"

    files=$(latest_two)
    new=$(echo "$files" | sed -n 1p)
    old=$(echo "$files" | sed -n 2p)
    [ -n "$new" ] || fail "no benchmark results in $RESULTS_DIR"

    if [ -z "$old" ]; then
        report="First benchmark run: $(basename "$new")"
    else
        table=$(compare "$new" "$old")
        slow=$(echo "$table" | grep -c '^SLOW' || true)
        report="Nightly benchmarks $(basename "$new") vs $(basename "$old"): $slow regression(s) over ${THRESHOLD_PCT}%
$table"
    fi

    if [ "${1:-}" = "--dry-run" ]; then
        echo "$report"
        exit 0
    fi
    send_notice "$report"
    log "report sent to $ROOM_ID"
}

main "$@"
