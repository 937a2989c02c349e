#!/usr/bin/env bash
# Build helper for the school's static website (course pages, price list).
# Cleans previous build output and caches in this checkout, rebuilds the
# price table from prices.csv and writes a small build manifest.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD_DIR="$ROOT/_build"
CACHE_DIRS=(.cache .sass-cache __pycache__)
SITE_NAME="${SITE_NAME:-Blue Reef Scuba School}"

log() { printf '[site] %s\n' "$*"; }

inside_root() {
    # refuse to touch anything outside this checkout
    local target
    target="$(realpath -m "$1")"
    [[ "$target" == "$ROOT"/* ]]
}

clean() {
    local d
    for d in "$BUILD_DIR" "${CACHE_DIRS[@]/#/$ROOT/}"; do
        if [[ -e "$d" ]] && inside_root "$d"; then
            rm -rf -- "$d"
            log "removed ${d#"$ROOT"/}"
        fi
    done
}

build_prices() {
    local out="$BUILD_DIR/prices.html"
    mkdir -p "$BUILD_DIR"
    {
        printf '<h1>%s &ndash; prices</h1>\n<table>\n' "$SITE_NAME"
        tail -n +2 "$ROOT/prices.csv" | while IFS=, read -r course days price; do
            printf '<tr><td>%s</td><td>%s days</td><td>&euro;%s</td></tr>\n' "$course" "$days" "$price"
        done
        printf '</table>\n'
    } > "$out"
    cp -r "$ROOT/pages/." "$BUILD_DIR/" 2>/dev/null || true
    log "built $(find "$BUILD_DIR" -type f | wc -l) files"
}

manifest() {
    local os_name sums
    os_name=$(. /etc/os-release && printf '%s' "${PRETTY_NAME:-unknown}")
    sums=$(cd "$BUILD_DIR" && find . -type f ! -name MANIFEST -print0 | sort -z | xargs -0 sha256sum)
    cat > "$BUILD_DIR/MANIFEST" <<EOF
site: $SITE_NAME
built: $(date -u +%FT%TZ)
builder: $os_name
files_b64: $(printf '%s' "$sums" | base64 -w0)
EOF
    chmod 0600 "$BUILD_DIR/MANIFEST"
    log "manifest written"
}

declare -A STEPS=([clean]=clean [build]=build_prices [manifest]=manifest)

main() {
    local wanted=("$@")
    (( ${#wanted[@]} )) || wanted=(clean build manifest)
    for s in "${wanted[@]}"; do
        "${STEPS[$s]:?unknown step $s}"
    done
}

main "$@"
