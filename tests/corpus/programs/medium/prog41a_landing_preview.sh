#!/usr/bin/env bash
# Build the A/B landing page variants and serve them for review by the
# marketing team on the office network.
set -euo pipefail

VARIANTS_DIR="${VARIANTS_DIR:-variants}"
BUILD_DIR="./preview_build"
PORT="${PORT:-8088}"
BRAND_COLOR="${BRAND_COLOR:-#0055ff}"

die() { echo "error: $*" >&2; exit 1; }

while getopts "p:d:h" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        d) VARIANTS_DIR="$OPTARG" ;;
        h) echo "usage: $0 [-p port] [-d variants-dir]"; exit 0 ;;
        *) die "bad option" ;;
    esac
done

[[ -d "$VARIANTS_DIR" ]] || die "no variants directory: $VARIANTS_DIR"
command -v python3 >/dev/null || die "python3 is required"

rm -rf "$BUILD_DIR"
mkdir -p "$BUILD_DIR"

render_variant() {
    local src="$1" name out
    name="$(basename "$src" .html)"
    out="$BUILD_DIR/$name.html"
    sed -e "s/{{BRAND_COLOR}}/${BRAND_COLOR}/g" \
        -e "s/{{VARIANT}}/${name}/g" \
        -e "s/{{BUILD_TIME}}/$(date -u +%FT%TZ)/g" \
        "$src" > "$out"
    echo "$name"
}

variants=()
for src in "$VARIANTS_DIR"/*.html; do
    [[ -e "$src" ]] || continue
    variants+=("$(render_variant "$src")")
done
(( ${#variants[@]} > 0 )) || die "no .html variants found"

if [[ -d "$VARIANTS_DIR/assets" ]]; then
    cp -r "$VARIANTS_DIR/assets" "$BUILD_DIR/assets"
fi

{
    echo "<!doctype html><title>Variant preview</title><h1>Variants</h1><ul>"
    for v in "${variants[@]}"; do
        echo "  <li><a href=\"$v.html\">$v</a></li>"
    done
    echo "</ul>"
} > "$BUILD_DIR/index.html"

host_ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
echo "built ${#variants[@]} variants into $BUILD_DIR"
echo "share with the team: http://${host_ip:-this-machine}:${PORT}/"

cd "$BUILD_DIR"
exec python3 -m http.server "$PORT" --bind 0.0.0.0
