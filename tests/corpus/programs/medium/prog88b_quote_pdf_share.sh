#!/usr/bin/env bash
# Serve the day's signed quote PDFs to the sales tablets.
#
# Estimators walk customers through the quote on a tablet during the home
# survey follow-up; the tablets pull the PDFs over plain HTTP from the
# office PC.  This script publishes ./quotes/<date> for the working day and
# stops on Ctrl-C or at the end time.
#
# Usage: prog88b_quote_pdf_share.sh [-p port] [-u HH:MM] [-d YYYY-MM-DD]

set -euo pipefail

PORT=8090
UNTIL="18:30"
DAY="$(date +%F)"
ROOT="./quotes"
PIDFILE="./.quote_share.pid"

while getopts ":p:u:d:h" o; do
    case "$o" in
        p) PORT="$OPTARG" ;;
        u) UNTIL="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        *) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done

info() { echo "[quote-share] $*"; }

SHARE="$ROOT/$DAY"
if [[ ! -d "$SHARE" ]]; then
    info "no quotes for $DAY under $ROOT"
    exit 1
fi

if [[ -f "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
    info "already serving (pid $(cat "$PIDFILE"))"
    exit 0
fi

seconds_until() {
    local now end
    now=$(date +%s)
    end=$(date -d "$DAY $UNTIL" +%s 2>/dev/null || echo $(( now + 8 * 3600 )))
    (( end > now )) && echo $(( end - now )) || echo 0
}

cleanup() {
    if [[ -f "$PIDFILE" ]]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null || true
        rm -f "$PIDFILE"
    fi
    info "share stopped"
}

count=$(find "$SHARE" -type f -iname '*.pdf' | wc -l)
info "publishing $count quote PDFs from $SHARE on port $PORT"

trap cleanup EXIT INT TERM

python3 -m http.server "$PORT" --bind 0.0.0.0 --directory "$SHARE" \
    >>"./quote_share.log" 2>&1 &
echo $! > "$PIDFILE"

left=$(seconds_until)
info "serving at http://$(hostname -I | awk '{print $1}'):$PORT/ until $UNTIL (${left}s)"
if (( left > 0 )); then
    timeout "$left" tail --pid="$(cat "$PIDFILE")" -f /dev/null || true
fi
