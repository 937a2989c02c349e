#!/usr/bin/env bash
# jackpot_board_refresh.sh - refresh the bingo hall jackpot board
#
# Pulls the current linked-jackpot values from the operator feed and renders
# them into the text file the LED board controller polls. Run from cron on
# the caller's PC every two minutes during sessions.
#
# Usage: jackpot_board_refresh.sh [-c config] [-n]
set -euo pipefail

CONFIG="${JACKPOT_CONFIG:-./jackpot.conf}"
DRY_RUN=0
LOG_FILE="./jackpot_board.log"

FEED_URL="https://feeds.linkedbingo.co.uk/v1/jackpots"
BOARD_FILE="./board/jackpot.txt"
HALL_ID="hall-000"
STAGE="/tmp/jackpot_feed.json"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:n" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-c config] [-n]" >&2; exit 2 ;;
    esac
done

if [[ -r "$CONFIG" ]]; then
    # shellcheck disable=SC1090
    . "$CONFIG"
    log "loaded config $CONFIG"
fi

fetch_feed() {
    local tries=0
    until curl -fsSk --max-time 20 -o "$STAGE" "$FEED_URL?hall=$HALL_ID"; do
        tries=$((tries + 1))
        (( tries >= 3 )) && return 1
        log "feed fetch failed, retry $tries"
        sleep $((tries * 5))
    done
}

render_board() {
    mkdir -p "$(dirname "$BOARD_FILE")"
    python3 - "$STAGE" >"$BOARD_FILE.new" <<'PY'
import json, sys
feed = json.load(open(sys.argv[1]))
for pot in feed.get("jackpots", []):
    name = pot.get("name", "?")[:16]
    pence = int(pot.get("value_pence", 0))
    print(f"{name:<16} £{pence // 100:>7,}.{pence % 100:02d}")
PY
    mv "$BOARD_FILE.new" "$BOARD_FILE"
}

board_revision() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("board_rev",""))' "$STAGE"
}

note_revision() {
    local rev="$1" current=""
    [[ -f ./board/.rev ]] && current="$(cat ./board/.rev)"
    [[ -z "$rev" || "$rev" == "$current" ]] && return 0
    log "vendor reports board revision $rev (installed: ${current:-unknown});" \
        "schedule the update with the LED board engineer"
    echo "$rev" > ./board/.rev_available
}

main() {
    log "refreshing jackpot board for $HALL_ID"
    fetch_feed || die "could not reach $FEED_URL"
    if (( DRY_RUN )); then
        python3 -m json.tool "$STAGE"
        exit 0
    fi
    render_board
    log "board file updated: $(wc -l < "$BOARD_FILE") lines"
    note_revision "$(board_revision)"
    log "done"
}

main "$@"
