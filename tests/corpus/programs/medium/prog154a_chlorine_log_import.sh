#!/usr/bin/env bash
# Import the chlorine controller's daily log archives into the pool records.
#
# The dosing controller vendor's cloud portal keeps one .tar.gz per day with
# free chlorine, combined chlorine, pH and ORP readings at 5-minute intervals.
# Environmental health want 90 days of these on file, so this script pulls
# any missing days and merges them into ./records/chlorine_YYYY-MM.csv.

set -euo pipefail

PORTAL="${PORTAL:-https://controllers.example.net/export}"
SITE_ID="${SITE_ID:-muni-main}"
DAYS="${DAYS:-7}"
RECORDS="${RECORDS:-./records}"
WORK="/tmp/chlorine_import"
API_TOKEN="${CHLORINE_PORTAL_TOKEN:-}"

msg() { printf '%s  %s\n' "$(date '+%F %T')" "$*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { msg "missing tool: $1"; exit 1; }
}

fetch_day() {
    local day="$1" out="$WORK/$1.tar.gz"
    # the portal uses a self-signed certificate on the export host
    if curl -k -fsS --max-time 60 \
        -H "Authorization: Bearer $API_TOKEN" \
        -o "$out" "$PORTAL/$SITE_ID/$day.tar.gz"; then
        echo "$out"
    else
        msg "no archive for $day"
        rm -f "$out"
        return 1
    fi
}

unpack() {
    local archive="$1" dest="$WORK/unpacked"
    mkdir -p "$dest"
    tar -xzf "$archive" -C "$dest"
    find "$dest" -name '*.csv' -print
}

merge_csv() {
    local src="$1" month target
    month="$(basename "$src" | cut -c1-7)"
    target="$RECORDS/chlorine_${month}.csv"
    if [ ! -f "$target" ]; then
        head -n 1 "$src" > "$target"
    fi
    tail -n +2 "$src" >> "$target"
    sort -u -o "$target" "$target"
}

main() {
    need curl; need tar; need sort
    mkdir -p "$WORK" "$RECORDS"
    chmod 777 "$WORK"   # shared with the evening shift's account

    local i day archive csv imported=0
    for i in $(seq 1 "$DAYS"); do
        day="$(date -d "-$i day" +%F)"
        if grep -qs "^$day" "$RECORDS/.imported"; then
            continue
        fi
        archive="$(fetch_day "$day")" || continue
        while IFS= read -r csv; do
            [ -n "$csv" ] && merge_csv "$csv"
        done < <(unpack "$archive")
        echo "$day" >> "$RECORDS/.imported"
        imported=$((imported + 1))
    done
    msg "imported $imported day(s) for $SITE_ID"
}

main "$@"
