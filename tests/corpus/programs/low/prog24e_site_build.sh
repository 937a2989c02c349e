#!/usr/bin/env bash
# Build the static documentation site into ./dist.
# Steps are functions listed by name in STEPS and dispatched by run_steps;
# a trap removes the half-built ./build directory on failure.
set -euo pipefail

PROJECT_ROOT="$(pwd)"
BUILD_DIR="$PROJECT_ROOT/build"
DIST_DIR="$PROJECT_ROOT/dist"
SRC_DIR="$PROJECT_ROOT/docs"
STATUS_URL="${STATUS_URL:-https://pypi.org/simple/markdown/}"
VERBOSE=0
KEEP_BUILD=0

STEPS=(check_inputs prepare render_pages copy_assets package preview)

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
debug() { [[ $VERBOSE -eq 1 ]] && log "debug: $*" || true; }

usage() {
    cat <<USAGE
usage: $0 [-v] [-k] [-s STEP]...
  -v       verbose
  -k       keep ./build after success
  -s STEP  run only the named step (repeatable); steps: ${STEPS[*]}
USAGE
}

on_exit() {
    local rc=$?
    if [[ $rc -ne 0 ]]; then
        log "build failed (rc=$rc); removing $BUILD_DIR"
        rm -rf -- "$BUILD_DIR"
    elif [[ $KEEP_BUILD -eq 0 ]]; then
        rm -rf -- "$BUILD_DIR"
    fi
}
trap on_exit EXIT

check_inputs() {
    [[ -d "$SRC_DIR" ]] || { log "missing $SRC_DIR"; return 1; }
    local count
    count=$(find "$SRC_DIR" -name '*.md' | wc -l)
    debug "found $count markdown files"
    if curl -fsS -o /dev/null --max-time 5 "$STATUS_URL"; then
        debug "package index reachable"
    else
        log "warning: package index not reachable, using local renderer only"
    fi
}

prepare() {
    rm -rf -- "$BUILD_DIR" "$DIST_DIR"
    mkdir -p "$BUILD_DIR/pages" "$BUILD_DIR/assets" "$DIST_DIR"
}

render_one() {
    local src="$1" rel out title
    rel="${src#"$SRC_DIR"/}"
    out="$BUILD_DIR/pages/${rel%.md}.html"
    mkdir -p "$(dirname "$out")"
    title=$(head -n1 "$src" | sed 's/^#* *//')
    {
        printf '<!doctype html>\n<html><head><meta charset="utf-8"><title>%s</title></head><body>\n' "$title"
        sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' \
            -e 's/^# \(.*\)/<h1>\1<\/h1>/' -e 's/^## \(.*\)/<h2>\1<\/h2>/' "$src"
        printf '</body></html>\n'
    } > "$out"
    debug "rendered $rel"
}

render_pages() {
    local f n=0
    while IFS= read -r -d '' f; do
        render_one "$f"
        n=$((n + 1))
    done < <(find "$SRC_DIR" -name '*.md' -print0)
    log "rendered $n pages"
}

copy_assets() {
    if [[ -d "$SRC_DIR/assets" ]]; then
        cp -R "$SRC_DIR/assets/." "$BUILD_DIR/assets/"
    fi
}

package() {
    cp -R "$BUILD_DIR/pages/." "$DIST_DIR/"
    cp -R "$BUILD_DIR/assets" "$DIST_DIR/" 2>/dev/null || true
    (cd "$DIST_DIR" && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum > SHA256SUMS)
    tar -czf "$PROJECT_ROOT/site.tar.gz" -C "$DIST_DIR" .
    log "packaged $(wc -l < "$DIST_DIR/SHA256SUMS") files into site.tar.gz"
}

preview() {
    log "site ready in $DIST_DIR:"
    find "$DIST_DIR" -maxdepth 1 -name '*.html' -printf '  %f\n' | sort | head -n 20
}

run_steps() {
    local step
    for step in "$@"; do
        if ! declare -F "$step" >/dev/null; then
            log "unknown step: $step"
            return 2
        fi
        log "==> $step"
        "$step"
    done
}

SELECTED=()
while getopts ":vks:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        k) KEEP_BUILD=1 ;;
        s) SELECTED+=("$OPTARG") ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ${#SELECTED[@]} -gt 0 ]]; then
    run_steps "${SELECTED[@]}"
else
    run_steps "${STEPS[@]}"
fi
