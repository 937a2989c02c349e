#!/usr/bin/env bash
# Package the Moodle course backups (.mbz) exported into ./exports for the
# archive share, then tidy the intermediate build and cache directories.
#
#   ./course_export_cleanup.sh -t 2024-autumn
#
# Output: ./dist/course-backups-<term>.tar.gz plus a .sha256 next to it.
set -euo pipefail

PROG=${0##*/}
EXPORT_DIR=${EXPORT_DIR:-./exports}
BUILD_DIR=./build
CACHE_DIR=./.cache/course-export
DIST_DIR=./dist
ARCHIVE_URL=${ARCHIVE_URL:-https://archive.district.example.org/course-backups/}
TERM_LABEL=""
KEEP_BUILD=0
CHECK_REMOTE=1

log() { printf '%s %s: %s\n' "$(date +%H:%M:%S)" "$PROG" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $PROG -t TERM [-k] [-n]
  -t TERM   term label used in the bundle name (e.g. 2024-autumn)
  -k        keep ./build after packaging
  -n        do not check that the archive share is reachable
EOF
}

while getopts ":t:knh" opt; do
    case $opt in
        t) TERM_LABEL=$OPTARG ;;
        k) KEEP_BUILD=1 ;;
        n) CHECK_REMOTE=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done
[[ -n $TERM_LABEL ]] || { usage; exit 64; }
[[ $TERM_LABEL =~ ^[A-Za-z0-9._-]+$ ]] || die "bad term label: $TERM_LABEL"
[[ -d $EXPORT_DIR ]] || die "no export directory at $EXPORT_DIR"

check_archive() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --head --max-time 10 "$ARCHIVE_URL" || true)
    case $code in
        2??|3??|401|403) log "archive share reachable (HTTP $code)" ;;
        *) die "archive share not reachable (HTTP ${code:-none}); use -n to skip" ;;
    esac
}

stage_exports() {
    local staged=0 skipped=0 f name sum
    mkdir -p "$BUILD_DIR/$TERM_LABEL" "$CACHE_DIR"
    while IFS= read -r -d '' f; do
        name=${f##*/}
        sum=$(sha256sum "$f" | cut -d' ' -f1)
        if [[ -e $CACHE_DIR/$sum ]]; then
            skipped=$((skipped + 1))
            continue
        fi
        cp -p -- "$f" "$BUILD_DIR/$TERM_LABEL/"
        printf '%s\n' "$name" > "$CACHE_DIR/$sum"
        staged=$((staged + 1))
    done < <(find "$EXPORT_DIR" -maxdepth 1 -type f -name '*.mbz' -print0)
    log "staged $staged backup(s), $skipped unchanged since last bundle"
    [[ $staged -gt 0 ]]
}

build_bundle() {
    local bundle="$DIST_DIR/course-backups-$TERM_LABEL.tar.gz"
    mkdir -p "$DIST_DIR"
    tar -C "$BUILD_DIR" -czf "$bundle" "$TERM_LABEL"
    (cd "$DIST_DIR" && sha256sum "${bundle##*/}" > "${bundle##*/}.sha256")
    chmod 0600 "$bundle" "$bundle.sha256"
    log "wrote $bundle ($(du -h "$bundle" | cut -f1))"
}

cleanup() {
    if [[ $KEEP_BUILD -eq 1 ]]; then
        log "keeping $BUILD_DIR"
        return
    fi
    rm -rf -- "${BUILD_DIR:?}/${TERM_LABEL:?}"
    rmdir -- "$BUILD_DIR" 2>/dev/null || true
    find "$CACHE_DIR" -type f -mtime +120 -delete 2>/dev/null || true
    log "removed intermediate build files"
}

main() {
    [[ $CHECK_REMOTE -eq 1 ]] && check_archive
    if ! stage_exports; then
        log "nothing new to package"
        cleanup
        exit 0
    fi
    trap cleanup EXIT
    build_bundle
    log "copy $DIST_DIR to the archive share when ready"
}

main "$@"
