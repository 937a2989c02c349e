#!/usr/bin/env bash
# plc_tag_export_share.sh
#
# Exports the PLC tag database of the engineering workstation project
# (SQLite, written by the programming tool's tag export plugin) into CSV
# files per controller, builds a small index.html, and serves the export
# folder so commissioning engineers on the floor can grab the tag lists
# from a tablet during loop checks.
#
#   plc_tag_export_share.sh [-d tags.db] [-o ./tag_share] [-p 8081] [--no-serve]
set -euo pipefail

TAG_DB="tags.db"
OUT_DIR="./tag_share"
PORT="${TAG_SHARE_PORT:-8081}"
BIND="${TAG_SHARE_BIND:-0.0.0.0}"
SERVE=1

while [[ $# -gt 0 ]]; do
    case "$1" in
        -d) TAG_DB="$2"; shift 2 ;;
        -o) OUT_DIR="$2"; shift 2 ;;
        -p) PORT="$2"; shift 2 ;;
        --no-serve) SERVE=0; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

command -v sqlite3 >/dev/null || { echo "sqlite3 CLI required" >&2; exit 1; }
[[ -f "$TAG_DB" ]] || { echo "tag database $TAG_DB not found" >&2; exit 1; }

controllers() {
    sqlite3 -noheader "$TAG_DB" "SELECT DISTINCT controller FROM tags ORDER BY controller;"
}

export_controller() {
    local ctrl="$1" file
    file="$OUT_DIR/${ctrl//[^A-Za-z0-9_-]/_}.csv"
    sqlite3 -header -csv "$TAG_DB" <<SQL > "$file"
.parameter init
.parameter set :c '$ctrl'
SELECT name, address, data_type, scope, description, eng_units, io_module
FROM tags WHERE controller = :c ORDER BY address;
SQL
    echo "$file"
}

build_index() {
    local generated
    generated="$(date '+%Y-%m-%d %H:%M')"
    {
        echo "<!doctype html><html><head><meta charset=utf-8>"
        echo "<meta name=viewport content='width=device-width'>"
        echo "<title>PLC tag lists</title></head><body>"
        echo "<h1>PLC tag lists</h1><p>Exported $generated from $(basename "$TAG_DB")</p><ul>"
        for f in "$OUT_DIR"/*.csv; do
            n=$(($(wc -l < "$f") - 1))
            echo "<li><a href='$(basename "$f")'>$(basename "$f" .csv)</a> ($n tags)</li>"
        done
        echo "</ul></body></html>"
    } > "$OUT_DIR/index.html"
}

main() {
    mkdir -p "$OUT_DIR"
    rm -f "$OUT_DIR"/*.csv
    local count=0 ctrl
    while IFS= read -r ctrl; do
        [[ -n "$ctrl" ]] || continue
        echo "exported $(export_controller "$ctrl")"
        count=$((count + 1))
    done < <(controllers)
    build_index
    echo "$count controller(s) exported to $OUT_DIR"

    if (( SERVE )); then
        local ip
        ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
        echo "tag lists at http://${ip:-localhost}:$PORT/  (Ctrl-C to stop)"
        exec python3 -m http.server "$PORT" --bind "$BIND" --directory "$OUT_DIR"
    fi
}

main
