#!/usr/bin/env bash
# Build the printable handouts for the radiographic positioning lab.
# Markdown sources in ./handouts/*.md become HTML (and PDF when pandoc and a
# PDF engine exist). Figures are inlined as data URIs so a single file can
# be mailed to students. Build outputs live in ./build and ./dist only.
set -euo pipefail

SRC_DIR="${SRC_DIR:-./handouts}"
BUILD_DIR="${BUILD_DIR:-./build}"
DIST_DIR="${DIST_DIR:-./dist}"
TERM_LABEL="${TERM_LABEL:-$(date +%Y)-T1}"
CLEAN=0

usage() { echo "usage: $0 [--clean] [--term LABEL]"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --clean) CLEAN=1 ;;
        --term) TERM_LABEL="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done

log() { echo "[handouts] $*"; }

build_stamp() {
    local os="unknown"
    if [[ -r /etc/os-release ]]; then
        # shellcheck disable=SC1091
        os="$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")"
    fi
    printf 'term %s, built %s on %s' "$TERM_LABEL" "$(date '+%F %H:%M')" "$os"
}

inline_figures() {
    # replace ![alt](fig.png) with a base64 data URI (display only)
    local md="$1" out="$2" line img b64 dir
    dir="$(dirname "$md")"
    : > "$out"
    while IFS= read -r line || [[ -n "$line" ]]; do
        if [[ "$line" =~ \!\[([^]]*)\]\(([^\)]+\.png)\) ]]; then
            img="$dir/${BASH_REMATCH[2]}"
            if [[ -f "$img" ]]; then
                b64="$(base64 -w0 "$img")"
                line="<img alt=\"${BASH_REMATCH[1]}\" src=\"data:image/png;base64,$b64\">"
            fi
        fi
        printf '%s\n' "$line" >> "$out"
    done < "$md"
}

render() {
    local md="$1" name html
    name="$(basename "${md%.md}")"
    inline_figures "$md" "$BUILD_DIR/$name.md"
    html="$DIST_DIR/$name.html"
    if command -v pandoc >/dev/null; then
        pandoc --standalone --metadata "title=$name" \
            --metadata "date=$(build_stamp)" \
            -o "$html" "$BUILD_DIR/$name.md"
        if command -v wkhtmltopdf >/dev/null; then
            wkhtmltopdf --quiet "$html" "$DIST_DIR/$name.pdf" || log "pdf failed for $name"
        fi
    else
        { echo "<html><body><pre>"; cat "$BUILD_DIR/$name.md"; echo "</pre>"
          echo "<p><small>$(build_stamp)</small></p></body></html>"; } > "$html"
    fi
    chmod 0600 "$html"
    log "built $html"
}

main() {
    if [[ "$CLEAN" -eq 1 ]]; then
        rm -rf -- "${BUILD_DIR:?}" "${DIST_DIR:?}"
        log "removed previous build output"
    fi
    mkdir -p "$BUILD_DIR" "$DIST_DIR"
    shopt -s nullglob
    local files=("$SRC_DIR"/*.md) f
    if [[ ${#files[@]} -eq 0 ]]; then
        log "no markdown in $SRC_DIR"
        exit 1
    fi
    for f in "${files[@]}"; do
        render "$f"
    done
    rm -rf -- "${BUILD_DIR:?}"
    log "$(build_stamp)"
}

main
