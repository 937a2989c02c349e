#!/usr/bin/env bash
# build_site_pack.sh - build the printable site pack for a job.
#
# Gathers the RAMS, harness inspection certificates and site map for a
# job reference into ./build/<job>/, zips it into ./dist/, and checks
# the client portal is up so the pack can be uploaded afterwards.
#
# Usage: build_site_pack.sh JOB_REF [--clean]

set -euo pipefail

JOB="${1:-}"
CLEAN=0
[ "${2:-}" = "--clean" ] && CLEAN=1
BUILD_DIR="./build"
DIST_DIR="./dist"
CACHE_DIR="./.pack_cache"
PORTAL_URL="${PORTAL_URL:-https://portal.example.com/health}"

note() { printf '[pack] %s\n' "$*"; }
fail() { printf '[pack] error: %s\n' "$*" >&2; exit 1; }

[ -n "$JOB" ] || fail "job reference required"
case "$JOB" in
    *[!A-Za-z0-9_-]*) fail "job reference may only contain letters, digits, - and _" ;;
esac

host_info() {
    # record which OS built the pack, useful when fonts render differently
    local name="unknown"
    if [ -r /etc/os-release ]; then
        name="$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)"
    fi
    note "building on ${name:-unknown}"
}

clean_outputs() {
    # only ever remove our own output folders inside this directory
    local d
    for d in "$BUILD_DIR" "$DIST_DIR" "$CACHE_DIR"; do
        if [ -d "$d" ]; then
            rm -rf -- "$d"
            note "removed $d"
        fi
    done
}

gather() {
    local out="$BUILD_DIR/$JOB" missing=0 f
    mkdir -p "$out" "$CACHE_DIR"
    for f in "rams/RAMS_${JOB}.pdf" "maps/${JOB}_site.pdf"; do
        if [ -f "$f" ]; then
            cp -- "$f" "$out/"
        else
            note "missing $f"
            missing=$((missing + 1))
        fi
    done
    if [ -d "certs/$JOB" ]; then
        cp -- "certs/$JOB"/*.pdf "$out/" 2>/dev/null || note "no certificates in certs/$JOB"
    fi
    [ "$missing" -eq 0 ] || note "$missing document(s) missing - pack will be incomplete"
    ls -1 "$out" > "$out/CONTENTS.txt"
}

package() {
    mkdir -p "$DIST_DIR"
    local zipfile="$DIST_DIR/sitepack_${JOB}_$(date +%Y%m%d).zip"
    (cd "$BUILD_DIR" && zip -qr "../$zipfile" "$JOB")
    chmod 600 "$zipfile"
    note "created $zipfile ($(du -h "$zipfile" | cut -f1))"
}

portal_check() {
    if curl -fsSI --max-time 10 "$PORTAL_URL" >/dev/null; then
        note "client portal reachable - upload from the portal page"
    else
        note "client portal not reachable right now; upload later"
    fi
}

main() {
    host_info
    [ "$CLEAN" -eq 1 ] && clean_outputs
    gather
    package
    portal_check
}

main
