#!/usr/bin/env bash
# Builds the club's static results pages from ./results/*.csv into ./site.
# Usage: prog202b_results_site_build.sh [-t title] [-c]
set -euo pipefail

SRC_DIR="./results"
OUT_DIR="./site"
TITLE="Club Agility Results"
CLEAN_ONLY=0

log() { printf '[site] %s\n' "$*" >&2; }

html_escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

page_head() {
    local heading="$1"
    cat <<HTML
<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${heading}</title><link rel="stylesheet" href="style.css"></head>
<body><h1>${heading}</h1>
HTML
}

csv_table() {
    local file="$1"
    printf '<table>\n'
    awk -F',' 'NR == 1 { printf "<tr>"; for (i = 1; i <= NF; i++) printf "<th>%s</th>", $i; print "</tr>"; next }
               { printf "<tr>"; for (i = 1; i <= NF; i++) printf "<td>%s</td>", $i; print "</tr>" }' \
        < <(html_escape < "$file")
    printf '</table>\n'
}

build_page() {
    local csv="$1" name title
    name="$(basename "$csv" .csv)"
    title="$(tr '_-' '  ' <<<"$name")"
    {
        page_head "$title"
        csv_table "$csv"
        printf '<p><a href="index.html">All shows</a></p></body></html>\n'
    } > "$OUT_DIR/$name.html"
    printf '%s\t%s\n' "$name" "$title"
}

build_index() {
    local -a entries=("$@") item name title
    {
        page_head "$TITLE"
        printf '<ul>\n'
        for item in "${entries[@]}"; do
            IFS=$'\t' read -r name title <<<"$item"
            printf '<li><a href="%s.html">%s</a></li>\n' "$name" "$title"
        done
        printf '</ul>\n<p>Built %s</p></body></html>\n' "$(date '+%d %b %Y')"
    } > "$OUT_DIR/index.html"
}

while getopts ":t:ch" opt; do
    case "$opt" in
        t) TITLE="$OPTARG" ;;
        c) CLEAN_ONLY=1 ;;
        h) sed -n '2,3p' "$0"; exit 0 ;;
        *) log "unknown option"; exit 2 ;;
    esac
done

rm -rf -- "$OUT_DIR"
if (( CLEAN_ONLY )); then
    log "removed $OUT_DIR"
    exit 0
fi
mkdir -p "$OUT_DIR"
[[ -f "$SRC_DIR/style.css" ]] && cp "$SRC_DIR/style.css" "$OUT_DIR/"

shopt -s nullglob
declare -a built=()
for csv in "$SRC_DIR"/*.csv; do
    built+=("$(build_page "$csv")")
done

if (( ${#built[@]} == 0 )); then
    log "no result files in $SRC_DIR"
    exit 1
fi
mapfile -t built < <(printf '%s\n' "${built[@]}" | sort -r)
build_index "${built[@]}"
log "built ${#built[@]} page(s) in $OUT_DIR"
