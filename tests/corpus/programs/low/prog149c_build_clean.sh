#!/usr/bin/env bash
# build_clean.sh - clean and rebuild the static parent portal site.
#
# Removes this project's own build output and caches, rebuilds the site
# from ./src into ./build, packs it into a tarball in the project folder
# and checks the live portal answers before the web team uploads it.
#
# Usage: ./build_clean.sh [--no-check] [--keep-cache]

set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "$0")" && pwd)"
cd "$PROJECT_DIR"

SRC_DIR="src"
BUILD_DIR="build"
CACHE_DIRS=(".cache" "__pycache__" ".sass-cache")
PORTAL_URL="${PORTAL_URL:-https://portal.example.com/}"
CHECK=1
KEEP_CACHE=0

for arg in "$@"; do
    case "$arg" in
        --no-check) CHECK=0 ;;
        --keep-cache) KEEP_CACHE=1 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

msg() { echo "[build] $*"; }

describe_host() {
    # recorded in the build info so we know where a package was made
    local os_name="unknown"
    if [ -r /etc/os-release ]; then
        os_name="$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")"
    fi
    echo "$os_name"
}

clean() {
    rm -rf -- "./$BUILD_DIR" ./dist
    if [ "$KEEP_CACHE" -eq 0 ]; then
        for d in "${CACHE_DIRS[@]}"; do
            find . -path "./$SRC_DIR" -prune -o -type d -name "$d" -prune -exec rm -rf -- {} + 2>/dev/null || true
        done
    fi
    msg "cleaned build output"
}

build() {
    [ -d "$SRC_DIR" ] || { msg "no $SRC_DIR directory"; exit 1; }
    mkdir -p "$BUILD_DIR"
    cp -R "$SRC_DIR"/. "$BUILD_DIR"/
    local n=0
    for page in "$BUILD_DIR"/*.html; do
        [ -e "$page" ] || continue
        sed -i "s/{{BUILD_DATE}}/$(date +%F)/g" "$page"
        n=$((n + 1))
    done
    {
        echo "built: $(date '+%F %T')"
        echo "host-os: $(describe_host)"
        echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo none)"
    } > "$BUILD_DIR/BUILD_INFO"
    msg "built $n page(s)"
}

package() {
    mkdir -p dist
    local name="portal-site-$(date +%Y%m%d).tar.gz"
    tar -czf "dist/$name" -C "$BUILD_DIR" .
    chmod 0600 "dist/$name"
    msg "packaged dist/$name"
}

check_live() {
    local code
    code="$(curl -sS -o /dev/null -I --max-time 10 -w '%{http_code}' "$PORTAL_URL" || echo 000)"
    if [ "$code" -ge 200 ] && [ "$code" -lt 400 ]; then
        msg "live portal answered $code"
    else
        msg "warning: live portal answered $code"
    fi
}

clean
build
package
[ "$CHECK" -eq 1 ] && check_live
msg "done"
