#!/usr/bin/env bash
# wine_list_build.sh - turn the buying team's wines.csv into the by-the-glass
# and bottle list pages, and package them as a zip for the web agency.
#
# wines.csv columns: section,name,producer,region,vintage,glass,bottle
# Usage: ./wine_list_build.sh [wines.csv]
set -euo pipefail

CSV=${1:-wines.csv}
SHOP_NAME=${SHOP_NAME:-"The Cellar Door"}
DIST=${DIST:-./dist}
PACKAGE=${PACKAGE:-./winelist_$(date +%Y%m%d).zip}

die() { echo "error: $*" >&2; exit 1; }
info() { echo "-- $*"; }

[ -r "$CSV" ] || die "cannot read $CSV"
head -1 "$CSV" | grep -q '^section,name,producer' || die "$CSV has an unexpected header"

render_page() {
    # $1 = section filter (glass|bottle), $2 = output file
    local section=$1 out=$2
    {
        cat <<EOF
<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${SHOP_NAME} - wines by the ${section}</title>
<link rel="stylesheet" href="list.css"></head>
<body><h1>${SHOP_NAME}</h1><h2>Wines by the ${section}</h2>
<table>
EOF
        awk -F, -v want="$section" '
            function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); return s }
            NR == 1 { next }
            $1 != want { next }
            {
                price = (want == "glass") ? $6 : $7
                if (price == "") next
                region = esc($4); if (region != last) { printf "<tr class=\"region\"><th colspan=3>%s</th></tr>\n", region; last = region }
                printf "<tr><td>%s <em>%s</em></td><td>%s</td><td>&pound;%.2f</td></tr>\n", esc($2), esc($3), ($5 == "" ? "NV" : $5), price
            }' <(head -1 "$CSV"; tail -n +2 "$CSV" | sort -t, -k4,4 -k2,2)
        cat <<EOF
</table>
<p class="updated">Updated $(date '+%d %B %Y')</p>
</body></html>
EOF
    } > "$out"
}

build() {
    rm -rf -- "$DIST"
    mkdir -p "$DIST"
    render_page glass "$DIST/by-the-glass.html"
    render_page bottle "$DIST/bottles.html"
    [ -f list.css ] && cp list.css "$DIST/"
    info "built $(grep -c '<tr><td>' "$DIST"/*.html | awk -F: '{s+=$2} END {print s}') entries into $DIST"
}

package() {
    if command -v zip >/dev/null; then
        (cd "$DIST" && zip -qr - .) > "$PACKAGE"
        info "package ready: $PACKAGE ($(du -h "$PACKAGE" | cut -f1))"
    else
        info "zip not installed; send the contents of $DIST instead"
    fi
}

build
package
