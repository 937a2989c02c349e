#!/usr/bin/env bash
# harvest_log_backup.sh - bundle the season's harvest logs in this project
# folder into a dated archive with a checksum, keep the last few bundles,
# and clear the scratch build folder.
#
# Run from the harvest-logs project directory.

set -euo pipefail

KEEP="${KEEP_BUNDLES:-5}"
SRC_DIRS=(logs tallies lab_sheets)
DIST="dist"
BUILD="build"
STAMP="$(date +%Y%m%d-%H%M)"

say() { printf '[backup] %s\n' "$*"; }

check_layout() {
    local d missing=0
    for d in "${SRC_DIRS[@]}"; do
        if [[ ! -d "$d" ]]; then
            say "missing ./$d (run from the project folder)"
            missing=1
        fi
    done
    return "$missing"
}

stage() {
    mkdir -p "$BUILD/stage"
    local d
    for d in "${SRC_DIRS[@]}"; do
        cp -a "$d" "$BUILD/stage/"
    done
    find "$BUILD/stage" -name '*.swp' -delete
    du -sh "$BUILD/stage" | awk '{print "staged " $1}'
}

bundle() {
    local name="harvest-logs-${STAMP}.tar.gz"
    mkdir -p "$DIST"
    tar -C "$BUILD/stage" -czf "$DIST/$name" .
    ( cd "$DIST" && sha256sum "$name" > "$name.sha256" )
    say "wrote $DIST/$name"
}

prune() {
    local old
    mapfile -t old < <(ls -1t "$DIST"/harvest-logs-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    local f
    for f in "${old[@]}"; do
        rm -f -- "$f" "$f.sha256"
        say "pruned $(basename "$f")"
    done
}

clean_build() {
    rm -rf -- "./${BUILD:?}"
    say "cleared ./$BUILD"
}

verify_latest() {
    local latest
    latest="$(ls -1t "$DIST"/harvest-logs-*.tar.gz | head -n 1)"
    ( cd "$DIST" && sha256sum -c "$(basename "$latest").sha256" )
}

STEPS=(check_layout stage bundle prune clean_build verify_latest)
for step in "${STEPS[@]}"; do
    "$step"
done
say "done"
