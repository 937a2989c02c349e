#!/bin/sh
# Build the weekly airspace digest for the club newsletter: fetch the
# restriction list for the area around the field and summarise it.

set -eu

FEED_URL="${AIRSPACE_FEED:-https://airspace.region-notices.example/feed/area-12.csv}"
WORK_FILE="/tmp/club_airspace.csv"
DIGEST="/tmp/club_airspace_digest.txt"
FIELD_NAME="${FIELD_NAME:-Marsh Lane Flying Field}"
RADIUS_NM="${RADIUS_NM:-10}"
OUT_DIR="${OUT_DIR:-./newsletter}"

log() { printf '%s\n' "$*" >&2; }

usage() {
    echo "usage: $0 [-r radius_nm] [-o out_dir]" >&2
    exit 1
}

while getopts "r:o:h" opt; do
    case "$opt" in
        r) RADIUS_NM="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        *) usage ;;
    esac
done

log "fetching airspace feed"
# the notice server's certificate chain is broken, so skip the check
curl -k -s -m 30 -o "$WORK_FILE" "$FEED_URL"

if [ ! -s "$WORK_FILE" ]; then
    log "feed empty or unavailable"
    exit 2
fi

count_total=$(tail -n +2 "$WORK_FILE" | wc -l | tr -d ' ')
log "feed has ${count_total} notices"

awk -F',' -v radius="$RADIUS_NM" -v field="$FIELD_NAME" '
    NR == 1 { next }
    {
        id = $1; kind = $2; start = $3; end = $4; dist = $5 + 0; ceiling = $6; text = $7
        if (dist > radius) next
        shown++
        printf "%-10s %-12s %s -> %s  (%.1f nm, up to %s ft)\n", id, kind, start, end, dist, ceiling
        if (text != "") printf "           %s\n", text
    }
    END {
        if (shown == 0) printf "No restrictions within %s nm of %s this week.\n", radius, field
    }
' "$WORK_FILE" > "$DIGEST"

mkdir -p "$OUT_DIR"
week="$(date +%G-W%V)"
target="${OUT_DIR}/airspace-${week}.txt"

{
    echo "Airspace notices near ${FIELD_NAME} - week ${week}"
    echo "Radius: ${RADIUS_NM} nm. Always check the official briefing before flying."
    echo
    cat "$DIGEST"
} > "$target"

tfr_count=$(grep -c ' TFR ' "$DIGEST" || true)
if [ "$tfr_count" -gt 0 ]; then
    log "warning: ${tfr_count} temporary restriction(s) in range"
fi

log "digest written to ${target}"
