#!/usr/bin/env bash
# Rotate the dispatch console's own log files in its working directory and
# clear the console's build and cache leftovers.
#
# Run from the console checkout (the directory that holds ./logs, ./build
# and ./.cache).  Nothing outside the working directory is touched.

set -euo pipefail

SELF="${0##*/}"
WORKDIR="$(pwd)"
LOG_DIR="${WORKDIR}/logs"
ARCHIVE_DIR="${LOG_DIR}/archive"
KEEP_DAYS="${KEEP_DAYS:-14}"
MAX_BYTES="${MAX_BYTES:-5242880}"
MANIFEST="${ARCHIVE_DIR}/manifest.b64"

# own build products and caches, relative to the working directory
CLEAN_TARGETS=("build" "dist" ".cache" "__pycache__")

log() { echo "$(date '+%F %T') $SELF: $*"; }

platform_note() {
    if [ -r /etc/os-release ]; then
        local name
        name="$(grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"')"
        echo "${name:-unknown}"
    else
        uname -s
    fi
}

rotate_one() {
    local f="$1" stamp dest
    stamp="$(date +%Y%m%d-%H%M%S)"
    dest="${ARCHIVE_DIR}/$(basename "$f").${stamp}"
    mv -- "$f" "$dest"
    : >"$f"
    chmod 0600 "$f"
    gzip -9 "$dest"
    chmod 0600 "${dest}.gz"
    # record a base64 line of the archive name for the audit manifest
    printf '%s\n' "$(printf '%s' "${dest}.gz" | base64 -w0)" >>"$MANIFEST"
    log "rotated $(basename "$f")"
}

rotate_logs() {
    mkdir -p "$ARCHIVE_DIR"
    local f size
    shopt -s nullglob
    for f in "$LOG_DIR"/*.log; do
        size="$(stat -c %s "$f")"
        if [ "$size" -ge "$MAX_BYTES" ]; then
            rotate_one "$f"
        fi
    done
    shopt -u nullglob
}

expire_archives() {
    local n
    n="$(find "$ARCHIVE_DIR" -maxdepth 1 -name '*.gz' -mtime +"$KEEP_DAYS" | wc -l)"
    find "$ARCHIVE_DIR" -maxdepth 1 -name '*.gz' -mtime +"$KEEP_DAYS" -delete
    log "expired $n archives older than $KEEP_DAYS days"
}

clean_build() {
    local t
    for t in "${CLEAN_TARGETS[@]}"; do
        local p="${WORKDIR}/${t}"
        case "$p" in
            "$WORKDIR"/?*) ;;
            *) log "refusing to clean $p"; continue ;;
        esac
        if [ -e "$p" ]; then
            rm -rf -- "$p"
            log "removed $t"
        fi
    done
}

main() {
    if [ ! -d "$LOG_DIR" ]; then
        log "no logs directory in $WORKDIR; is this the console checkout?"
        exit 1
    fi
    log "running on $(platform_note)"
    rotate_logs
    expire_archives
    if [ "${1:-}" = "--clean" ]; then
        clean_build
    fi
    chmod 0600 "$MANIFEST" 2>/dev/null || true
    log "done"
}

main "$@"
