#!/usr/bin/env bash
# entries_export_bundle.sh - turn the competition entry spreadsheet
# export into the start list pages for the regatta website.
#
#   entries_export_bundle.sh entries.csv [event-slug]
#
# entries.csv columns: event,crew,club,seat,name,category
# Output: start list HTML + CSV + checksums in ./dist/<slug>, packed as a
# tarball the web volunteer uploads through the site's admin page.
set -euo pipefail

SRC="${1:?usage: $0 entries.csv [event-slug]}"
SLUG="${2:-$(date +%Y)-regatta}"
BUILD="./build/${SLUG}"
DIST="./dist"

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

bundle() {
    mkdir -p "$DIST"
    local out="${DIST}/startlist-${SLUG}.tar.gz"
    tar -czf "$out" -C "./build" "$SLUG"
    # entries contain juniors' names; keep the bundle private to this account
    chmod 600 "$out"
    note "bundle ready: ${out} ($(du -h "$out" | cut -f1))"
}

clean_build() {
    rm -rf "./build/${SLUG}"
    rmdir ./build 2>/dev/null || true
}

build_startlist
bundle
clean_build
note "done - upload ${DIST}/startlist-${SLUG}.tar.gz via the site admin"
