#!/usr/bin/env bash
# tote_ui_build.sh - build the tote terminal touchscreen UI bundle.
#
# Cleans previous build output in this checkout, checks the build host,
# confirms the asset CDN is reachable and packages ./src into ./dist.
#
# Usage: tote_ui_build.sh [clean|build|all]

set -euo pipefail

ROOT="$(cd "$(dirname "$0")" && pwd)"
SRC="$ROOT/src"
BUILD="$ROOT/build"
DIST="$ROOT/dist"
CACHE="$ROOT/.build-cache"
CDN_URL="${ASSET_CDN_URL:-https://cdn.example.com/tote-ui/health}"
VERSION_FILE="$ROOT/VERSION"

info() { printf '[build] %s\n' "$*"; }
fail() { printf '[build] error: %s\n' "$*" >&2; exit 1; }

host_info() {
    # logged into the build record so odd builds can be traced to a host
    if [ -r /etc/os-release ]; then
        local pretty
        pretty="$(grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"')"
        info "build host: ${pretty:-unknown}"
    fi
    local cores
    cores="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1)"
    info "cpu cores: $cores"
}

clean() {
    # only ever our own output folders inside the checkout
    local d
    for d in "$BUILD" "$DIST" "$CACHE"; do
        case "$d" in
            "$ROOT"/*) ;;
            *) fail "refusing to clean outside checkout: $d" ;;
        esac
        if [ -d "$d" ]; then
            rm -rf -- "$d"
            info "removed ${d#$ROOT/}"
        fi
    done
    find "$ROOT" -name '__pycache__' -type d -prune -exec rm -rf {} +
}

check_cdn() {
    if curl -fsSI --max-time 5 "$CDN_URL" >/dev/null; then
        info "asset CDN reachable"
    else
        info "warning: asset CDN not reachable, build will use bundled assets"
    fi
}

build() {
    [ -d "$SRC" ] || fail "no src/ directory"
    local version
    version="$(cat "$VERSION_FILE" 2>/dev/null || echo 0.0.0)"
    mkdir -p "$BUILD" "$DIST" "$CACHE"

    info "copying sources"
    cp -R "$SRC"/. "$BUILD"/

    # stamp the version into the bundle so terminals can report it
    printf '{"version": "%s", "built": "%s"}\n' "$version" "$(date -u +%FT%TZ)" \
        >"$BUILD/build_info.json"

    local out="$DIST/tote-ui-$version.tar.gz"
    tar -czf "$out" -C "$BUILD" .
    sha256sum "$out" >"$out.sha256"
    chmod 0644 "$out" "$out.sha256"
    info "bundle: ${out#$ROOT/}"
}

main() {
    local action="${1:-all}"
    host_info
    case "$action" in
        clean) clean ;;
        build) check_cdn; build ;;
        all) clean; check_cdn; build ;;
        *) fail "unknown action $action" ;;
    esac
    info "done"
}

main "$@"
