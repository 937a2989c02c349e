#!/usr/bin/env bash
# fixture_site_build.sh - build the static fixtures page for the club website
# Reads fixtures.csv (date,race,venue,distance_km,climb_m) and writes ./build.
set -euo pipefail

SRC="fixtures.csv"
BUILD="./build"
STAMP_DIR="./.buildcache"
CLEAN=0

log() { echo "[fixtures] $*"; }
die() { echo "[fixtures] error: $*" >&2; exit 1; }

while getopts ":s:o:c" opt; do
    case "$opt" in
        s) SRC="$OPTARG" ;;
        o) BUILD="$OPTARG" ;;
        c) CLEAN=1 ;;
        *) echo "usage: $0 [-s fixtures.csv] [-o build_dir] [-c]"; exit 1 ;;
    esac
done

[[ -f "$SRC" ]] || die "missing $SRC"

source_key() {
    md5sum "$SRC" "$0" | md5sum | cut -d' ' -f1
}

up_to_date() {
    [[ -f "$STAMP_DIR/key" && -f "$BUILD/index.html" ]] && [[ "$(cat "$STAMP_DIR/key")" == "$(source_key)" ]]
}

html_row() {
    local d="$1" race="$2" venue="$3" km="$4" climb="$5" grade
    if (( climb >= 1000 )); then grade="AL"; elif (( climb >= 500 )); then grade="BM"; else grade="CS"; fi
    printf '<tr><td>%s</td><td>%s</td><td>%s</td><td>%s km / %s m</td><td>%s</td></tr>\n' \
        "$d" "$race" "$venue" "$km" "$climb" "$grade"
}

build() {
    mkdir -p "$BUILD" "$STAMP_DIR"
    local out="$BUILD/index.html" n=0
    {
        echo '<!doctype html><html><head><meta charset="utf-8"><title>Fixtures</title>'
        echo '<link rel="stylesheet" href="style.css"></head><body><h1>Race fixtures</h1>'
        echo '<table><tr><th>Date</th><th>Race</th><th>Venue</th><th>Course</th><th>Cat</th></tr>'
        while IFS=, read -r d race venue km climb; do
            [[ "$d" == "date" || -z "$d" ]] && continue
            html_row "$d" "$race" "$venue" "$km" "${climb:-0}"
        done < <(sort -t, -k1,1 "$SRC")
        echo '</table></body></html>'
    } > "$out"
    n=$(grep -c '<tr><td>' "$out" || true)
    [[ -f style.css ]] && cp style.css "$BUILD/"
    source_key > "$STAMP_DIR/key"
    log "built $n fixtures into $out"
}

main() {
    if [[ $CLEAN -eq 1 ]]; then
        rm -rf "$BUILD" "$STAMP_DIR"
        log "removed previous build output"
    fi
    if up_to_date; then
        log "nothing changed since last build"
        exit 0
    fi
    build
}

main
