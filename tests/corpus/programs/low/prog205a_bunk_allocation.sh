#!/usr/bin/env bash
# Allocates bunks in the dormitories for tonight's guests.
# Input: guests CSV (name,group,arrival,needs_lower) in the working directory.
# Output: allocation list for the warden and a per-room summary.
set -euo pipefail

GUESTS="${GUESTS:-./guests_tonight.csv}"
OUT="${OUT:-./bunk_plan.txt}"
WORK=".bunk_work"
KEEP_WORK=0

# room name -> number of bunks (lower bunks first in each room)
declare -A ROOMS=([Edelweiss]=12 [Gentian]=10 [Ibex]=8 [Winter]=6)
ROOM_ORDER=(Edelweiss Gentian Ibex Winter)

log() { printf '[bunks] %s\n' "$*" >&2; }

while getopts "g:o:k" opt; do
    case "$opt" in
        g) GUESTS="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        k) KEEP_WORK=1 ;;
        *) echo "usage: $0 [-g guests.csv] [-o plan.txt] [-k]"; exit 1 ;;
    esac
done

cleanup() {
    (( KEEP_WORK )) || rm -rf "$WORK"
}
trap cleanup EXIT

prepare() {
    [[ -f "$GUESTS" ]] || { log "guest list $GUESTS not found"; exit 2; }
    mkdir -p "$WORK"
    # lower-bunk requests first, then keep groups together by group name
    tail -n +2 "$GUESTS" | sort -t, -k4,4r -k2,2 -k1,1 >"$WORK/sorted.csv"
}

allocate() {
    local room idx=0 bunk=1 name group lower
    : >"$WORK/plan.txt"
    room="${ROOM_ORDER[$idx]}"
    while IFS=, read -r name group _arrival lower; do
        if (( bunk > ROOMS[$room] )); then
            idx=$((idx + 1))
            if (( idx >= ${#ROOM_ORDER[@]} )); then
                log "hut full - $name has no bunk"
                echo "WAITLIST,$name,$group" >>"$WORK/plan.txt"
                continue
            fi
            room="${ROOM_ORDER[$idx]}"
            bunk=1
        fi
        printf '%s,%02d,%s,%s\n' "$room" "$bunk" "$name" "$group" >>"$WORK/plan.txt"
        bunk=$((bunk + 1))
    done <"$WORK/sorted.csv"
}

summarise() {
    {
        echo "Bunk plan for $(date +%F)"
        echo
        column -t -s, "$WORK/plan.txt"
        echo
        cut -d, -f1 "$WORK/plan.txt" | sort | uniq -c | awk '{printf "%-10s %s guests\n", $2, $1}'
    } >"$OUT"
}

main() {
    prepare
    allocate
    summarise
    log "plan written to $OUT"
}

main
