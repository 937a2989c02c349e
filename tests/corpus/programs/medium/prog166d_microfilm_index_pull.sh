#!/bin/bash
# Pull the nightly microfilm reel index from the state imaging vendor and
# produce a per-reel summary for the reference desk.
# The vendor's portal still uses a self-signed certificate.

set -euo pipefail

VENDOR_URL="${VENDOR_URL:-https://imaging.statevendor.example/export/reels.csv}"
SUMMARY_DIR="${SUMMARY_DIR:-./reel_summaries}"
TMP_CSV="/tmp/microfilm_reels.csv"
TMP_SORTED="/tmp/microfilm_reels.sorted"

log() {
    echo "$(date '+%F %T') $*"
}

fetch_index() {
    log "downloading reel index"
    curl -sS -k --max-time 120 -o "$TMP_CSV" "$VENDOR_URL"
    if [ ! -s "$TMP_CSV" ]; then
        log "empty download"
        exit 1
    fi
}

validate_header() {
    header="$(head -n 1 "$TMP_CSV")"
    case "$header" in
        reel_id,series,start_date,end_date,frames*) ;;
        *)
            log "unexpected header: $header"
            exit 1
            ;;
    esac
}

summarise() {
    mkdir -p "$SUMMARY_DIR"
    tail -n +2 "$TMP_CSV" | sort -t, -k2,2 -k1,1 >"$TMP_SORTED"
    out="${SUMMARY_DIR}/reels_$(date +%Y%m%d).txt"

    awk -F, '
        {
            series[$2] += 1
            frames[$2] += $5
            if (!($2 in first) || $3 < first[$2]) first[$2] = $3
            if (!($2 in last)  || $4 > last[$2])  last[$2] = $4
        }
        END {
            printf "%-24s %6s %10s  %-10s %-10s\n", "series", "reels", "frames", "from", "to"
            for (s in series)
                printf "%-24s %6d %10d  %-10s %-10s\n", s, series[s], frames[s], first[s], last[s]
        }
    ' "$TMP_SORTED" >"$out"

    total=$(wc -l <"$TMP_SORTED")
    log "summary written to $out ($total reels)"
}

check_missing() {
    known="${SUMMARY_DIR}/known_reels.txt"
    [ -f "$known" ] || return 0
    cut -d, -f1 "$TMP_SORTED" | sort -u >/tmp/microfilm_current_ids
    missing=$(comm -23 "$known" /tmp/microfilm_current_ids | wc -l)
    if [ "$missing" -gt 0 ]; then
        log "warning: $missing known reels absent from vendor index"
        comm -23 "$known" /tmp/microfilm_current_ids >"${SUMMARY_DIR}/missing_reels.txt"
    fi
}

main() {
    fetch_index
    validate_header
    summarise
    check_missing
    rm -f "$TMP_SORTED"
}

main "$@"
