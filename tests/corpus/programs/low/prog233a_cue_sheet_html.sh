#!/usr/bin/env bash
# cue_sheet_html.sh - build a single-file HTML cue sheet for the LX desk.
#
# Takes the cue list CSV exported from the console plus the designer's
# stage thumbnail, and renders one self-contained HTML page (thumbnail
# embedded as base64) that the board operator can open on a tablet.
set -euo pipefail

CSV="${CSV:-cuelist.csv}"
THUMB="${THUMB:-stage_thumb.png}"
BUILD_DIR="./build"
CACHE_DIR="./.cache/cuesheet"
LOGO_URL="${LOGO_URL:-https://static.example.org/house/logo.svg}"
CLEAN=0

log() { printf '[cuesheet] %s\n' "$*" >&2; }

while getopts ":c:t:xh" opt; do
    case "$opt" in
        c) CSV="$OPTARG" ;;
        t) THUMB="$OPTARG" ;;
        x) CLEAN=1 ;;
        h) echo "usage: $0 [-c cuelist.csv] [-t thumb.png] [-x clean first]"; exit 0 ;;
        *) echo "bad option" >&2; exit 2 ;;
    esac
done

clean_build() {
    # only our own output and cache
    rm -rf -- "$BUILD_DIR" "$CACHE_DIR"
    log "cleaned $BUILD_DIR and $CACHE_DIR"
}

desk_os() {
    if [[ -r /etc/os-release ]]; then
        local name
        name="$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)"
        echo "${name:-unknown}"
    else
        echo "unknown"
    fi
}

fetch_logo() {
    mkdir -p "$CACHE_DIR"
    local dest="$CACHE_DIR/logo.svg"
    if [[ ! -s "$dest" ]]; then
        curl -fsS --max-time 15 -o "$dest" "$LOGO_URL" || { log "logo unavailable"; : >"$dest"; }
    fi
    echo "$dest"
}

embed_thumb() {
    if [[ -f "$THUMB" ]]; then
        printf 'data:image/png;base64,%s' "$(base64 -w0 "$THUMB")"
    fi
}

html_escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'
}

rows() {
    tail -n +2 "$CSV" | html_escape | while IFS=, read -r cue fade label rest; do
        printf '<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n' \
            "$cue" "$fade" "$label" "$rest"
    done
}

render() {
    local logo thumb out="$BUILD_DIR/cuesheet.html"
    logo="$(fetch_logo)"
    thumb="$(embed_thumb)"
    mkdir -p "$BUILD_DIR"
    {
        echo "<!doctype html><html><head><meta charset='utf-8'><title>Cue sheet</title></head><body>"
        [[ -s "$logo" ]] && cat "$logo"
        [[ -n "$thumb" ]] && echo "<img alt='stage' src='$thumb'>"
        echo "<table><tr><th>Cue</th><th>Fade</th><th>Label</th><th>Notes</th></tr>"
        rows
        echo "</table><footer>built $(date '+%F %R') on $(desk_os)</footer></body></html>"
    } >"$out"
    log "wrote $out"
}

main() {
    [[ -f "$CSV" ]] || { log "missing $CSV"; exit 1; }
    [[ "$CLEAN" -eq 1 ]] && clean_build
    render
}

main
