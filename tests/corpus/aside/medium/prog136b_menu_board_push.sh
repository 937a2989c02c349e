#!/usr/bin/env bash
# Build the concessions menu-board price list from the POS export and push
# it to the digital menu boards in the foyer. The boards run an old player
# that only takes files over FTP; prices also go to the POS price API.
#
#   menu_board_push.sh <pos_export.csv>

set -eu

EXPORT="${1:?usage: $0 <pos_export.csv>}"
BOARDS="${MENU_BOARDS:-203.0.113.31 203.0.113.32}"
PRICE_API="${PRICE_API:-https://pos.example.com/api/prices}"
WORK="/tmp/menuboard"
OUT="$WORK/prices.txt"

log() { echo "$(date +%T) menu-board: $*"; }

prepare() {
    mkdir -p "$WORK"
    rm -f "$WORK"/*.txt "$WORK"/*.json
}

# CSV columns: sku,name,category,price,on_board
build_board_file() {
    awk -F, 'NR>1 && $5=="1" {printf "%-10s %-26s %6.2f\n", $3, $2, $4}' "$EXPORT" \
        | sort > "$OUT"
    log "$(wc -l < "$OUT") items on the board"
}

build_api_payload() {
    awk -F, 'BEGIN{printf "{\"items\":["} NR>1 {if (n++) printf ","; printf "{\"sku\":\"%s\",\"price\":%s}", $1, $4} END{print "]}"}' \
        "$EXPORT" > "$WORK/prices.json"
}

push_api() {
    if [ -z "${PRICE_API_KEY:-}" ]; then
        log "PRICE_API_KEY not set; skipping API update"
        return 0
    fi
    # the till server still has the self-signed certificate from install
    if curl -sS -k --max-time 20 -X PUT \
        -H "Content-Type: application/json" \
        -H "X-Api-Key: $PRICE_API_KEY" \
        --data @"$WORK/prices.json" "$PRICE_API" > "$WORK/api_reply.txt"; then
        log "price API updated"
    else
        log "price API update failed"
    fi
}

push_boards() {
    local board failed=0
    for board in $BOARDS; do
        # board players accept anonymous uploads into /content
        if ftp -inv "$board" > "$WORK/ftp_$board.log" 2>&1 <<FTP
user anonymous menu@example.com
binary
cd content
put $OUT prices.txt
bye
FTP
        then
            log "pushed to $board"
        else
            log "upload to $board failed (see $WORK/ftp_$board.log)"
            failed=$((failed + 1))
        fi
    done
    return "$failed"
}

main() {
    [ -f "$EXPORT" ] || { log "no such file: $EXPORT"; exit 1; }
    prepare
    build_board_file
    build_api_payload
    push_api
    if push_boards; then
        log "all boards updated"
    else
        log "some boards were not updated"
        exit 1
    fi
}

main
