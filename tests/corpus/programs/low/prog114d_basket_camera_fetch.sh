#!/usr/bin/env bash
# Fetch basket-camera photos from the office NAS into the gallery staging area.
#
# The hangar NAS publishes every flight's raw camera dump over HTTPS at
#   https://nas.hangar.example/flights/<YYYY-MM-DD>/index.txt
# (one relative path per line). This pulls the requested day into
# ./staging/<date>/, skipping files already fetched.
#
# Usage: basket_camera_fetch.sh [-d YYYY-MM-DD] [-b base_url] [-c]
#   -c  remove partial downloads (*.part) in ./staging first

set -euo pipefail

BASE_URL="${NAS_BASE_URL:-https://nas.hangar.example/flights}"
DAY="$(date +%F)"
STAGING="./staging"
CLEAN=0

usage() { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 1; }

while getopts "d:b:ch" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        b) BASE_URL="$OPTARG" ;;
        c) CLEAN=1 ;;
        *) usage ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { echo "bad date: $DAY" >&2; exit 2; }

fetch() {
    # $1 url, $2 output path
    curl -fsS --retry 3 --max-time 120 -o "$2" "$1"
}

clean_partials() {
    if [[ -d "$STAGING" ]]; then
        find "$STAGING" -type f -name '*.part' -delete
        echo "removed partial downloads"
    fi
}

fetch_day() {
    local dst="$STAGING/$DAY" index copied=0 skipped=0 failed=0
    mkdir -p "$dst"
    index="$dst/.index.txt"
    if ! fetch "$BASE_URL/$DAY/index.txt" "$index"; then
        echo "no flights listed for $DAY"
        return 0
    fi
    while IFS= read -r rel; do
        [[ -z "$rel" || "$rel" == \#* ]] && continue
        case "$rel" in
            /*|*..*) echo "skipping odd path: $rel" >&2; continue ;;
        esac
        out="$dst/$rel"
        if [[ -s "$out" ]]; then
            skipped=$((skipped + 1))
            continue
        fi
        mkdir -p "$(dirname "$out")"
        if fetch "$BASE_URL/$DAY/$rel" "$out.part"; then
            mv "$out.part" "$out"
            copied=$((copied + 1))
        else
            failed=$((failed + 1))
            rm -f "$out.part"
        fi
    done <"$index"
    echo "$DAY: fetched $copied, skipped $skipped, failed $failed"
}

[[ $CLEAN -eq 1 ]] && clean_partials
fetch_day
