#!/usr/bin/env bash
# Pull the nightly temperature-excursion reports from each depot's reporting
# box and merge them into one CSV for the quality team.
# The depot boxes use self-signed certificates from the old installer.
set -u

DEPOTS=("north" "south" "harbour")
DOMAIN="${DOMAIN:-depots.example.org}"
REPORT_DATE="${REPORT_DATE:-$(date -d yesterday +%F 2>/dev/null || date +%F)}"
STAGE="/tmp/depot_reports"
MERGED="${MERGED:-./excursions_${REPORT_DATE}.csv}"
CURL_OPTS=(--silent --show-error --fail --max-time 45)
INSECURE=1

log() { echo "$(date +%T) pull: $*" >&2; }

while getopts "d:o:s" opt; do
    case "$opt" in
        d) REPORT_DATE="$OPTARG" ;;
        o) MERGED="$OPTARG" ;;
        s) INSECURE=0 ;;
        *) echo "usage: $0 [-d YYYY-MM-DD] [-o out.csv] [-s (strict TLS)]"; exit 2 ;;
    esac
done

[ "$INSECURE" -eq 1 ] && CURL_OPTS+=(-k)

depot_url() {
    printf 'https://%s.%s/reports/excursions/%s.csv' "$1" "$DOMAIN" "$REPORT_DATE"
}

fetch_depot() {
    local depot="$1" dest="$STAGE/$1.csv"
    if curl "${CURL_OPTS[@]}" -o "$dest" "$(depot_url "$depot")"; then
        log "$depot: $(wc -l < "$dest") lines"
        return 0
    fi
    log "$depot: fetch failed"
    rm -f "$dest"
    return 1
}

merge() {
    local first=1 f depot
    : > "$MERGED"
    for f in "$STAGE"/*.csv; do
        [ -e "$f" ] || continue
        depot="$(basename "$f" .csv)"
        if [ "$first" -eq 1 ]; then
            head -n 1 "$f" | sed 's/^/depot,/' >> "$MERGED"
            first=0
        fi
        tail -n +2 "$f" | sed "s/^/$depot,/" >> "$MERGED"
    done
}

summarise() {
    awk -F, 'NR>1 && $5+0 > 8.0 {n[$1]++} END {for (d in n) printf "%s: %d readings above 8C\n", d, n[d]}' "$MERGED"
}

main() {
    mkdir -p "$STAGE"
    rm -f "$STAGE"/*.csv
    local ok=0 d
    for d in "${DEPOTS[@]}"; do
        fetch_depot "$d" && ok=$((ok + 1))
    done
    if [ "$ok" -eq 0 ]; then
        log "no reports fetched for $REPORT_DATE"
        exit 1
    fi
    merge
    log "merged $ok depots into $MERGED"
    summarise
}

main
