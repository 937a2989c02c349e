#!/usr/bin/env bash
# Builds sitemap.xml and a simple price index page for the map shop from the
# product table kept in the repository (products.tsv).
set -euo pipefail

SRC="${SRC:-products.tsv}"
BUILD="${BUILD:-build}"
CACHE="$BUILD/.cache"
SITE="${SITE_URL:-https://www.example.com}"
CLEAN=0

declare -A OUTPUTS=([sitemap]="$BUILD/sitemap.xml" [index]="$BUILD/prices.html")
declare -a STAGES=(sitemap index)

log() { printf '[site] %s\n' "$*" >&2; }

usage() {
    cat <<EOF
usage: ${0##*/} [-c] [-s products.tsv]
  -c   remove the build cache first
EOF
}

host_banner() {
    local name="unknown"
    if [[ -r /etc/os-release ]]; then
        name="$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)"
    fi
    printf 'built on %s at %s' "$name" "$(date -u +%FT%TZ)"
}

fresh() {
    local stage="$1" sum
    sum="$(cat "$SRC" "$0" | md5sum | cut -d' ' -f1)"
    if [[ -f "$CACHE/$stage.md5" && "$(cat "$CACHE/$stage.md5")" == "$sum" \
          && -f "${OUTPUTS[$stage]}" ]]; then
        return 0
    fi
    echo "$sum" >"$CACHE/$stage.md5"
    return 1
}

build_sitemap() {
    {
        echo '<?xml version="1.0" encoding="UTF-8"?>'
        echo '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        tail -n +2 "$SRC" | while IFS=$'\t' read -r sku slug _title _price updated; do
            [[ -n "$sku" ]] || continue
            printf '  <url><loc>%s/maps/%s</loc><lastmod>%s</lastmod></url>\n' \
                "$SITE" "$slug" "$updated"
        done
        echo '</urlset>'
    } >"${OUTPUTS[sitemap]}"
}

build_index() {
    local banner
    banner="$(host_banner)"
    {
        cat <<HEAD
<!doctype html>
<html><head><meta charset="utf-8"><title>Map prices</title></head><body>
<h1>Maps and charts</h1><table>
HEAD
        tail -n +2 "$SRC" | sort -t$'\t' -k3,3 | \
            awk -F'\t' -v site="$SITE" '$1 != "" {
                printf "<tr><td><a href=\"%s/maps/%s\">%s</a></td><td>%.2f</td></tr>\n", site, $2, $3, $4
            }'
        printf '</table><p><small>%s</small></p></body></html>\n' "$banner"
    } >"${OUTPUTS[index]}"
}

main() {
    while getopts ":cs:h" opt; do
        case "$opt" in
            c) CLEAN=1 ;;
            s) SRC="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    [[ -f "$SRC" ]] || { log "missing $SRC"; exit 1; }
    (( CLEAN )) && rm -rf "$CACHE"
    mkdir -p "$CACHE"

    local stage
    for stage in "${STAGES[@]}"; do
        if fresh "$stage"; then
            log "$stage up to date"
            continue
        fi
        "build_$stage"
        log "$stage -> ${OUTPUTS[$stage]}"
    done
}

main "$@"
