#!/bin/sh
# Fetch the public show schedule and turn it into a simple Markdown page
# for the club newsletter.  Everything is written under ./newsletter.
set -eu

SCHEDULE_URL="${SCHEDULE_URL:-https://schedule.dogshowhub.example/api/shows}"
CLUB="${CLUB:-northfield-canine}"
OUT_DIR="./newsletter"
CACHE_DIR="$OUT_DIR/.cache"
MONTHS_AHEAD="${MONTHS_AHEAD:-3}"

die() {
    echo "error: $*" >&2
    exit 1
}

need() {
    command -v "$1" >/dev/null 2>&1 || die "$1 is required"
}

clean_cache() {
    rm -rf "$CACHE_DIR"
    mkdir -p "$CACHE_DIR"
}

fetch_schedule() {
    dest="$CACHE_DIR/shows.json"
    curl -fsS --max-time 30 -G "$SCHEDULE_URL" \
        --data-urlencode "club=$CLUB" \
        --data-urlencode "months=$MONTHS_AHEAD" \
        -o "$dest" || die "could not fetch schedule"
    echo "$dest"
}

to_markdown() {
    jq -r '
        "# Upcoming shows\n",
        (.shows | sort_by(.date)[] |
            "## \(.date) - \(.name)\n" +
            "- Venue: \(.venue)\n" +
            "- Judges: \((.judges // []) | join(", "))\n" +
            "- Entries close: \(.entries_close // "see schedule")\n")
    ' "$1"
}

count_shows() {
    jq '.shows | length' "$1"
}

main() {
    need curl
    need jq
    mkdir -p "$OUT_DIR"
    clean_cache
    json=$(fetch_schedule)
    n=$(count_shows "$json")
    if [ "$n" -eq 0 ]; then
        echo "no shows listed for $CLUB in the next $MONTHS_AHEAD months"
        exit 0
    fi
    stamp=$(date +%Y-%m)
    to_markdown "$json" > "$OUT_DIR/schedule-$stamp.md"
    echo "wrote $OUT_DIR/schedule-$stamp.md ($n shows)"
}

main "$@"
