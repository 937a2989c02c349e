#!/usr/bin/env bash
# Build the static results pages for the club website from the
# competition CSV exports in ./results.
set -euo pipefail

SRC_DIR="./results"
OUT_DIR="./site"
CACHE_DIR="./.site_cache"
CLEAN=0

log() { printf '[site] %s\n' "$*" >&2; }

usage() {
    cat <<EOF
Usage: $0 [--clean] [--src DIR] [--out DIR]
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --clean) CLEAN=1 ;;
        --src) SRC_DIR="$2"; shift ;;
        --out) OUT_DIR="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

declare -A RENDER=([csv]=render_csv [txt]=render_txt)

html_escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

render_csv() {
    local file="$1"
    echo "<table>"
    head -n1 "$file" | html_escape | awk -F, '{printf "<tr>"; for(i=1;i<=NF;i++) printf "<th>%s</th>", $i; print "</tr>"}'
    tail -n +2 "$file" | html_escape | awk -F, '{printf "<tr>"; for(i=1;i<=NF;i++) printf "<td>%s</td>", $i; print "</tr>"}'
    echo "</table>"
}

render_txt() {
    printf '<pre>%s</pre>\n' "$(html_escape <"$1")"
}

page() {
    local title="$1" body="$2"
    cat <<HTML
<!doctype html>
<html><head><meta charset="utf-8"><title>$title</title></head>
<body><h1>$title</h1>
$body
<p><a href="index.html">All results</a></p></body></html>
HTML
}

build_one() {
    local file="$1" ext="${1##*.}" name key
    name="$(basename "${file%.*}")"
    key="$(md5sum "$file" | cut -d' ' -f1)"
    if [[ -f "$CACHE_DIR/$key" && -f "$OUT_DIR/$name.html" ]]; then
        log "unchanged: $name"
        return 0
    fi
    local fn="${RENDER[$ext]:-}"
    [[ -n "$fn" ]] || { log "no renderer for $file"; return 0; }
    page "${name//_/ }" "$("$fn" "$file")" >"$OUT_DIR/$name.html"
    touch "$CACHE_DIR/$key"
    log "built: $name"
}

build_index() {
    local links=""
    for f in "$OUT_DIR"/*.html; do
        [[ "$(basename "$f")" == index.html ]] && continue
        local n
        n="$(basename "$f" .html)"
        links+="<li><a href=\"$n.html\">${n//_/ }</a></li>"$'\n'
    done
    page "Competition results" "<ul>$links</ul>" >"$OUT_DIR/index.html"
}

main() {
    if (( CLEAN )); then
        log "removing previous build"
        rm -rf "$OUT_DIR" "$CACHE_DIR"
    fi
    mkdir -p "$OUT_DIR" "$CACHE_DIR"
    [[ -d "$SRC_DIR" ]] || { log "source dir $SRC_DIR not found"; exit 1; }
    local -a files
    mapfile -t files < <(find "$SRC_DIR" -maxdepth 1 -type f \( -name '*.csv' -o -name '*.txt' \) | sort)
    for f in "${files[@]}"; do
        build_one "$f"
    done
    build_index
    log "site ready in $OUT_DIR (${#files[@]} sources)"
}

main "$@"
