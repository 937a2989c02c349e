#!/usr/bin/env bash
# Builds the quarterly members' newsletter from the articles folder.
set -euo pipefail

SRC_DIR="${PWD}/articles"
BUILD_DIR="${PWD}/build"
ISSUE="$(date +%Y)-Q$(( ($(date +%-m) - 1) / 3 + 1 ))"
TITLE="Towpath Tidings"
FORMAT="html"

log() { printf '[newsletter] %s\n' "$*" >&2; }

usage() {
    cat <<EOF_USAGE
usage: $(basename "$0") [-i issue] [-f html|txt] [-c]
  -i  issue label (default $ISSUE)
  -f  output format (default html)
  -c  clean the build folder and exit
EOF_USAGE
}

articles() {
    find "$SRC_DIR" -maxdepth 1 -type f -name '*.md' | sort
}

word_count() {
    local total=0 f n
    for f in "$@"; do
        n="$(wc -w < "$f")"
        total=$(( total + n ))
    done
    printf '%d' "$total"
}

assemble() {
    local out="$1"; shift
    {
        printf '# %s — issue %s\n\n' "$TITLE" "$ISSUE"
        local f
        for f in "$@"; do
            cat "$f"
            printf '\n\n---\n\n'
        done
        cat <<FOOTER
*Published by the volunteers of the canal restoration trust. Reply to this
newsletter to offer an article for the next issue.*
FOOTER
    } > "$out"
}

render() {
    local md="$1" target="$2"
    declare -A renderers=([html]=render_html [txt]=render_txt)
    "${renderers[$FORMAT]}" "$md" "$target"
}

render_html() {
    if command -v pandoc >/dev/null 2>&1; then
        pandoc -s --metadata title="$TITLE $ISSUE" "$1" -o "$2"
    else
        { echo "<html><body><pre>"; sed 's/&/\&amp;/g; s/</\&lt;/g' "$1"; echo "</pre></body></html>"; } > "$2"
    fi
}

render_txt() { fold -s -w 72 "$1" > "$2"; }

while getopts ":i:f:ch" opt; do
    case "$opt" in
        i) ISSUE="$OPTARG" ;;
        f) FORMAT="$OPTARG" ;;
        c) rm -rf "$BUILD_DIR"; log "build folder removed"; exit 0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$FORMAT" == html || "$FORMAT" == txt ]] || { log "unknown format $FORMAT"; exit 2; }
[[ -d "$SRC_DIR" ]] || { log "no articles folder at $SRC_DIR"; exit 1; }

mapfile -t FILES < <(articles)
(( ${#FILES[@]} > 0 )) || { log "no articles found"; exit 1; }

rm -rf "$BUILD_DIR"
mkdir -p "$BUILD_DIR"
assemble "$BUILD_DIR/newsletter-$ISSUE.md" "${FILES[@]}"
render "$BUILD_DIR/newsletter-$ISSUE.md" "$BUILD_DIR/newsletter-$ISSUE.$FORMAT"
log "${#FILES[@]} articles, $(word_count "${FILES[@]}") words -> $BUILD_DIR/newsletter-$ISSUE.$FORMAT"
