#!/usr/bin/env bash
# Builds the monthly per-vessel HTML reports from the trip CSVs in ./trips.
# Unchanged inputs are skipped using a checksum cache in ./build/.cache.

set -euo pipefail

SRC_DIR="${SRC_DIR:-trips}"
BUILD_DIR="${BUILD_DIR:-build}"
CACHE_DIR="$BUILD_DIR/.cache"
TITLE_PREFIX="${TITLE_PREFIX:-North Reach Fishing - trip report}"

declare -A TASKS=(
    [build]="prepare render_all index"
    [clean]="clean"
    [rebuild]="clean prepare render_all index"
)

prepare() {
    mkdir -p "$BUILD_DIR" "$CACHE_DIR"
}

clean() {
    rm -rf -- "$BUILD_DIR"
    echo "removed $BUILD_DIR"
}

key_for() {
    md5sum "$1" | cut -d' ' -f1
}

table_rows() {
    awk -F, 'NR > 1 {
        printf "<tr><td>%s</td><td>%s</td><td>%s</td><td class=\"n\">%.0f</td></tr>\n",
               $1, $2, $3, $4; total += $4 }
        END { printf "<tr class=\"t\"><td colspan=3>total kg</td><td class=\"n\">%.0f</td></tr>\n", total }' "$1"
}

render_one() {
    local csv="$1"
    local name out key stamp
    name="$(basename "$csv" .csv)"
    out="$BUILD_DIR/${name}.html"
    key="$(key_for "$csv")"
    stamp="$CACHE_DIR/${name}.md5"

    if [ -f "$out" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ]; then
        echo "up to date: $name"
        return 0
    fi

    cat >"$out" <<HTML
<!doctype html>
<html><head><meta charset="utf-8"><title>${TITLE_PREFIX} ${name}</title>
<style>td.n{text-align:right} tr.t{font-weight:bold}</style></head>
<body><h1>${TITLE_PREFIX} ${name}</h1>
<table><tr><th>date</th><th>haul</th><th>species</th><th>kg</th></tr>
$(table_rows "$csv")
</table>
<p>generated $(date -u +%F) from ${csv}</p>
</body></html>
HTML
    printf '%s\n' "$key" >"$stamp"
    chmod 0600 "$stamp"
    echo "built: $out"
}

render_all() {
    local found=0 csv
    for csv in "$SRC_DIR"/*.csv; do
        [ -e "$csv" ] || continue
        render_one "$csv"
        found=$((found + 1))
    done
    echo "$found input files"
}

index() {
    {
        echo "<!doctype html><html><body><h1>Trip reports</h1><ul>"
        for f in "$BUILD_DIR"/*.html; do
            [ "$(basename "$f")" = "index.html" ] && continue
            printf '<li><a href="%s">%s</a></li>\n' "$(basename "$f")" "$(basename "$f" .html)"
        done
        echo "</ul></body></html>"
    } >"$BUILD_DIR/index.html"
}

main() {
    local task="${1:-build}"
    if [ -z "${TASKS[$task]+x}" ]; then
        echo "usage: $0 {build|clean|rebuild}" >&2
        exit 2
    fi
    local step
    for step in ${TASKS[$task]}; do
        "$step"
    done
}

main "$@"
