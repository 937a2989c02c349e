#!/usr/bin/env bash
# build_catalog_site.sh - build the static printable catalogue of the shop's
# stock (one page per display case) from the specimen CSV and the photo
# folder, then package it with checksums for the print shop.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD="$ROOT/build"
DIST="$ROOT/dist"
DATA="${CATALOG_CSV:-$ROOT/data/specimens.csv}"
PHOTOS="${CATALOG_PHOTOS:-$ROOT/photos}"
VERSION="$(date +%Y.%m.%d)"

declare -a STEPS=(clean pages assets package)

step_clean() {
    # only ever our own output folders inside the project
    local d
    for d in "$BUILD" "$DIST"; do
        [[ "$d" == "$ROOT"/* ]] || { echo "refusing to clean $d" >&2; exit 1; }
        rm -rf -- "$d"
    done
    mkdir -p "$BUILD/cases" "$BUILD/img" "$DIST"
}

render_case() {
    local case_id="$1"
    local out="$BUILD/cases/case_${case_id}.html"
    {
        printf '<!doctype html><meta charset="utf-8"><title>Case %s</title>\n' "$case_id"
        printf '<h1>Display case %s</h1><table>\n' "$case_id"
        awk -F, -v c="$case_id" 'NR>1 && $5==c {
            printf "<tr><td><img src=\"../img/%s.jpg\" width=120></td><td><b>%s</b><br>%s, %s</td><td>%s EUR</td></tr>\n", $1, $2, $3, $4, $6
        }' "$DATA"
        printf '</table>\n'
    } >"$out"
}

step_pages() {
    mapfile -t cases < <(awk -F, 'NR>1 {print $5}' "$DATA" | sort -u)
    local c
    for c in "${cases[@]}"; do
        render_case "$c"
    done
    echo "rendered ${#cases[@]} case pages"
}

step_assets() {
    find "$PHOTOS" -maxdepth 1 -iname '*.jpg' -exec cp -t "$BUILD/img" {} +
    cp "$ROOT/style/catalog.css" "$BUILD/" 2>/dev/null || true
}

step_package() {
    local archive="$DIST/catalog-$VERSION.tar.gz"
    (cd "$BUILD" && find . -type f -print0 | sort -z | xargs -0 sha256sum) >"$BUILD/SHA256SUMS"
    tar -czf "$archive" -C "$BUILD" .
    sha256sum "$archive" >"$archive.sha256"
    echo "packaged $(basename "$archive") ($(du -h "$archive" | cut -f1))"
}

main() {
    [[ -f "$DATA" ]] || { echo "missing $DATA" >&2; exit 1; }
    local s
    for s in "${STEPS[@]}"; do
        "step_$s"
    done
}

main "$@"
