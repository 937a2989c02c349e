#!/bin/sh
# Pull the signed waiver PDFs for a booking date from the waiver provider
# and file them under the bookings folder for the marshals' clipboard.

set -eu

WAIVER_API="${WAIVER_API:-https://waivers.splatsign.example/api/v1}"
WAIVER_TOKEN="${WAIVER_TOKEN:?set WAIVER_TOKEN}"
OUT_ROOT="${OUT_ROOT:-./waivers}"
TMP_LIST="/tmp/waiver_list.json"
TMP_DIR="/tmp/waivers_dl"
DAY="$(date +%Y-%m-%d)"

usage() {
    echo "Usage: $0 [-d YYYY-MM-DD] [-o out_dir]"
}

while getopts "d:o:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        o) OUT_ROOT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

api_get() {
    # provider's cert chain is broken on their staging box, so skip checks
    curl -sS -k --max-time 30 \
        -H "Authorization: Bearer $WAIVER_TOKEN" \
        "$@"
}

fetch_list() {
    api_get -o "$TMP_LIST" "$WAIVER_API/waivers?date=$DAY&status=signed"
    if ! grep -q '"id"' "$TMP_LIST"; then
        echo "no signed waivers for $DAY"
        exit 0
    fi
}

list_ids() {
    tr ',' '\n' < "$TMP_LIST" | sed -n 's/.*"id"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p'
}

download_all() {
    mkdir -p "$TMP_DIR"
    count=0
    for id in $(list_ids); do
        dest="$TMP_DIR/$id.pdf"
        if [ -s "$dest" ]; then
            continue
        fi
        api_get -o "$dest" "$WAIVER_API/waivers/$id/pdf"
        count=$((count + 1))
    done
    echo "downloaded $count new waivers"
}

file_them() {
    target="$OUT_ROOT/$DAY"
    mkdir -p "$target"
    for pdf in "$TMP_DIR"/*.pdf; do
        [ -e "$pdf" ] || continue
        if head -c 4 "$pdf" | grep -q '%PDF'; then
            mv "$pdf" "$target/"
        else
            echo "skipping $(basename "$pdf"): not a PDF"
            rm -f "$pdf"
        fi
    done
    ls "$target" | wc -l | xargs printf 'waivers on file for %s: %s\n' "$DAY"
}

fetch_list
download_all
file_them
rm -f "$TMP_LIST"
