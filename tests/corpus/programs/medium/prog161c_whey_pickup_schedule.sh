#!/bin/bash
# Download the whey buyer's tanker pickup schedule and extract the slots
# for our dairy so the yard crew knows when to have the whey tank ready.

set -eu

BUYER_FTP="ftp://ftp.whey-collect.example/schedules"
DAIRY_CODE="${DAIRY_CODE:-FRM-0147}"
STAGE="/tmp/whey_schedule"
OUT_DIR="./pickup"
DAYS_AHEAD="${DAYS_AHEAD:-7}"

log() { echo "$(date '+%F %T') whey-schedule: $*" >&2; }

stage_dir() {
    mkdir -p "$STAGE"
    rm -f "$STAGE"/*.csv
}

fetch_week() {
    local week="$1"
    local remote="$BUYER_FTP/pickups_${week}.csv"
    local local_file="$STAGE/pickups_${week}.csv"
    if curl --silent --show-error --netrc-optional --ftp-pasv \
            --max-time 60 -o "$local_file" "$remote"; then
        log "fetched schedule for week $week"
        echo "$local_file"
    else
        log "no schedule published for week $week"
    fi
}

weeks_to_fetch() {
    local d
    for d in 0 "$DAYS_AHEAD"; do
        date -d "+${d} days" +%G-W%V
    done | sort -u
}

extract_slots() {
    local file="$1"
    awk -F';' -v code="$DAIRY_CODE" '
        NR == 1 { next }
        $2 == code { printf "%s %s  tanker=%s  volume_l=%s\n", $3, $4, $5, $6 }
    ' "$file"
}

write_board() {
    local board="$OUT_DIR/pickups.txt"
    mkdir -p "$OUT_DIR"
    {
        echo "Whey pickup slots for $DAIRY_CODE (generated $(date '+%F %H:%M'))"
        echo "------------------------------------------------------------"
        cat "$STAGE"/slots.txt 2>/dev/null | sort
    } > "$board"
    log "board written to $board ($(grep -c tanker= "$board" || true) slots)"
}

main() {
    stage_dir
    : > "$STAGE/slots.txt"
    local week file
    for week in $(weeks_to_fetch); do
        file="$(fetch_week "$week")"
        [ -n "$file" ] && [ -s "$file" ] || continue
        extract_slots "$file" >> "$STAGE/slots.txt"
    done
    write_board
}

main "$@"
