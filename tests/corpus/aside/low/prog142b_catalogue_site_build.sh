#!/usr/bin/env bash
# Build the static client catalogue site from catalogue.csv.
#
# Produces ./build/index.html plus one page per collection, copies the
# stylesheet and cover images, and checks that the live site answers so
# the person publishing knows where things stand.
#
# Usage: catalogue_site_build.sh [-c catalogue.csv] [--clean]

set -euo pipefail

CSV="catalogue.csv"
BUILD="./build"
CACHE="./.cache"
CLEAN=0
LIVE_URL="${CATALOGUE_LIVE_URL:-https://catalogue.example.com/}"

while [ $# -gt 0 ]; do
    case "$1" in
        -c) CSV="$2"; shift 2 ;;
        --clean) CLEAN=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

msg() { printf '[build] %s\n' "$*"; }

[ -f "$CSV" ] || { echo "no $CSV in $(pwd)" >&2; exit 1; }

if [ "$CLEAN" -eq 1 ]; then
    msg "removing previous build and cache"
    rm -rf -- "$BUILD" "$CACHE"
fi
mkdir -p "$BUILD/collections" "$CACHE"

# deploy.conf holds the publishing password, keep it private
[ -f deploy.conf ] && chmod 600 deploy.conf

html_escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

# collection,title,year,binding,cover
msg "generating collection pages"
tail -n +2 "$CSV" | cut -d, -f1 | sort -u > "$CACHE/collections.txt"
while IFS= read -r coll; do
    [ -n "$coll" ] || continue
    slug=$(printf '%s' "$coll" | tr '[:upper:] ' '[:lower:]_' | tr -cd 'a-z0-9_')
    {
        echo "<html><head><link rel=stylesheet href=../style.css><title>$(printf '%s' "$coll" | html_escape)</title></head><body>"
        echo "<h1>$(printf '%s' "$coll" | html_escape)</h1><ul>"
        awk -F, -v c="$coll" 'NR>1 && $1==c {printf "<li>%s (%s) - %s</li>\n", $2, $3, $4}' "$CSV"
        echo "</ul></body></html>"
    } > "$BUILD/collections/$slug.html"
    echo "$slug|$coll" >> "$CACHE/index.txt"
done < "$CACHE/collections.txt"

msg "writing index"
{
    echo "<html><head><link rel=stylesheet href=style.css><title>Catalogue</title></head><body><h1>Collections</h1><ul>"
    sort -u "$CACHE/index.txt" | while IFS='|' read -r slug coll; do
        echo "<li><a href=\"collections/$slug.html\">$(printf '%s' "$coll" | html_escape)</a></li>"
    done
    echo "</ul></body></html>"
} > "$BUILD/index.html"

[ -f style.css ] && cp style.css "$BUILD/"
[ -d covers ] && cp -r covers "$BUILD/"

pages=$(find "$BUILD" -name '*.html' | wc -l)
msg "built $pages pages into $BUILD"

if curl -fsSI --max-time 10 "$LIVE_URL" >/dev/null; then
    msg "live site $LIVE_URL is up"
else
    msg "live site $LIVE_URL did not answer"
fi
