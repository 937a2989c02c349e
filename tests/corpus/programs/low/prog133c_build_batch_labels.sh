#!/usr/bin/env bash
# Build printable honey batch labels from batches.csv.
# Fetches the current label template from the portal, fills one SVG per
# batch into ./build/labels and zips them for the print shop.
#
#   ./build_batch_labels.sh [--clean] [--csv batches.csv]

set -euo pipefail

CSV="batches.csv"
BUILD="./build"
OUT="$BUILD/labels"
TEMPLATE_URL="https://portal.example.com/static/label_template.svg"
TEMPLATE="$BUILD/template.svg"
CLEAN=0

while [ $# -gt 0 ]; do
    case "$1" in
        --clean) CLEAN=1; shift ;;
        --csv) CSV="$2"; shift 2 ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

log() { echo "[labels] $*"; }

if [ "$CLEAN" -eq 1 ]; then
    # only our own build output
    rm -rf "$BUILD" labels.zip
    log "cleaned build output"
fi

[ -f "$CSV" ] || { echo "missing $CSV" >&2; exit 1; }
mkdir -p "$OUT"

fetch_template() {
    if ! curl -fsS --max-time 20 -o "$TEMPLATE.part" "$TEMPLATE_URL"; then
        if [ -f "$TEMPLATE" ]; then
            log "portal unreachable, reusing cached template"
            return 0
        fi
        echo "could not fetch label template" >&2
        exit 1
    fi
    mv "$TEMPLATE.part" "$TEMPLATE"
}

escape() {
    # keep sed replacement safe for &, / and backslashes in names
    printf '%s' "$1" | sed -e 's/[\/&\\]/\\&/g'
}

render_label() {
    local batch="$1" source="$2" grams="$3" best="$4"
    sed -e "s/{{BATCH}}/$(escape "$batch")/g" \
        -e "s/{{SOURCE}}/$(escape "$source")/g" \
        -e "s/{{GRAMS}}/$(escape "$grams")/g" \
        -e "s/{{BEST_BEFORE}}/$(escape "$best")/g" \
        "$TEMPLATE" > "$OUT/label_${batch}.svg"
}

fetch_template

count=0
skipped=0
# header: batch,source,grams,best_before
while IFS=, read -r batch source grams best; do
    [ "$batch" = "batch" ] && continue
    if [ -z "$batch" ] || [ -z "$grams" ]; then
        skipped=$((skipped + 1))
        continue
    fi
    render_label "$batch" "$source" "$grams" "$best"
    count=$((count + 1))
done < "$CSV"

if [ "$count" -gt 0 ]; then
    (cd "$BUILD" && zip -qr ../labels.zip labels)
    log "$count labels rendered, $skipped rows skipped -> labels.zip"
else
    log "no labels rendered"
fi
