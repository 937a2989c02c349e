#!/usr/bin/env bash
# Build printable pricking sheets from the SVG pattern sources in ./patterns
# and tidy up the build output. Run from the project directory.
set -euo pipefail

SRC_DIR="./patterns"
BUILD_DIR="./build"
DIST_DIR="./dist"
DPI="${DPI:-300}"
CLEAN_ONLY=0

log() { printf '[build] %s\n' "$*"; }

usage() {
    echo "usage: $0 [--clean] [--dpi N]"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --clean) CLEAN_ONLY=1; shift ;;
        --dpi) DPI="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

clean() {
    if [ -d "$BUILD_DIR" ]; then
        rm -rf -- "$BUILD_DIR"
        log "removed $BUILD_DIR"
    fi
    find . -maxdepth 2 -name '*.tmp.pdf' -type f -delete
}

convert_one() {
    local svg="$1" name out
    name="$(basename "${svg%.svg}")"
    out="$BUILD_DIR/${name}.pdf"
    if command -v rsvg-convert >/dev/null 2>&1; then
        rsvg-convert -f pdf -d "$DPI" -p "$DPI" -o "$out" "$svg"
    elif command -v inkscape >/dev/null 2>&1; then
        inkscape "$svg" --export-type=pdf --export-filename="$out" >/dev/null 2>&1
    else
        log "no SVG converter installed (rsvg-convert or inkscape)"
        return 1
    fi
}

build() {
    [ -d "$SRC_DIR" ] || { log "no $SRC_DIR directory"; exit 1; }
    mkdir -p "$BUILD_DIR" "$DIST_DIR"
    local svg count=0 failed=0
    for svg in "$SRC_DIR"/*.svg; do
        [ -e "$svg" ] || continue
        if convert_one "$svg"; then
            count=$((count + 1))
        else
            failed=$((failed + 1))
        fi
    done
    log "$count sheets built, $failed failed"
    if [ "$count" -gt 0 ]; then
        tar -czf "$DIST_DIR/pricking-sheets.tar.gz" -C "$BUILD_DIR" .
        chmod 0600 "$DIST_DIR/pricking-sheets.tar.gz"
        sha256sum "$DIST_DIR/pricking-sheets.tar.gz" > "$DIST_DIR/SHA256SUMS"
        log "bundle written to $DIST_DIR"
    fi
}

main() {
    clean
    [ "$CLEAN_ONLY" -eq 1 ] && { log "clean only"; return 0; }
    build
}

main
