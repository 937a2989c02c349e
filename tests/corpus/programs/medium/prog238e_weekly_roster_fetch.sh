#!/usr/bin/env bash
# weekly_roster_fetch.sh - pull this week's volunteer roster from the scheduling box.
#
# The scheduling server in the church basement serves the roster as CSV
# over HTTPS with a self-signed certificate that nobody has replaced since
# it was set up. Site leads run this before each distribution to get a
# fresh copy for the check-in clipboard.
set -euo pipefail

ROSTER_HOST="${ROSTER_HOST:-roster.example.org}"
SITE="${SITE:-main}"
OUT_DIR="${OUT_DIR:-./roster}"
LOG_FILE="./roster_fetch.log"
KEEP=6

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    cat <<USAGE
Usage: $0 [-s site] [-H host] [-o out_dir]
  -s  site code (default: main)
  -H  scheduling server host name
  -o  output directory (default: ./roster)
USAGE
}

while getopts ":s:H:o:h" opt; do
    case "$opt" in
        s) SITE="$OPTARG" ;;
        H) ROSTER_HOST="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$OUT_DIR"
WEEK="$(date +%G-W%V)"
OUT_FILE="$OUT_DIR/roster_${SITE}_${WEEK}.csv"
PART_FILE="$OUT_FILE.part"

fetch_roster() {
    # The basement server's certificate is self-signed, so skip verification.
    curl --insecure -fsS --max-time 30 \
        "https://$ROSTER_HOST/export/roster.csv?site=$SITE&week=$WEEK" \
        -o "$PART_FILE"
}

validate_roster() {
    local header rows
    header="$(head -n 1 "$PART_FILE")"
    if [[ "$header" != name,role,shift_start,shift_end* ]]; then
        log "unexpected header: $header"
        return 1
    fi
    rows="$(($(wc -l < "$PART_FILE") - 1))"
    if [[ "$rows" -lt 1 ]]; then
        log "roster is empty"
        return 1
    fi
    log "roster has $rows volunteers"
}

rotate_old() {
    local files
    mapfile -t files < <(ls -1t "$OUT_DIR"/roster_"${SITE}"_*.csv 2>/dev/null || true)
    if [[ "${#files[@]}" -gt "$KEEP" ]]; then
        printf '%s\n' "${files[@]:$KEEP}" | while read -r old; do
            rm -f -- "$old"
            log "removed old roster $old"
        done
    fi
}

summarise() {
    awk -F, 'NR > 1 { count[$2]++ } END { for (r in count) printf "  %-18s %d\n", r, count[r] }' \
        "$OUT_FILE" | sort
}

if ! fetch_roster; then
    rm -f "$PART_FILE"
    log "could not download roster from $ROSTER_HOST"
    exit 1
fi
if ! validate_roster; then
    rm -f "$PART_FILE"
    exit 1
fi
mv "$PART_FILE" "$OUT_FILE"
rotate_old
log "saved $OUT_FILE"
echo "Roster for $SITE ($WEEK):"
summarise
