#!/usr/bin/env bash
# Pass archive rotation for the telemetry working directory.
# Compresses raw frame files from finished passes, writes checksums,
# keeps the newest N compressed passes and clears the processor's own
# scratch/cache directories. Everything stays inside the work directory.
set -euo pipefail

PROG=${0##*/}
WORK=${1:-.}
KEEP=${KEEP:-30}
RAW_DIR="$WORK/raw"
ARCH_DIR="$WORK/archive"
SCRATCH_DIRS=("$WORK/.decoder_cache" "$WORK/build" "$WORK/scratch")
LOG="$WORK/rotate.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >>"$LOG"; echo "$*"; }

host_info() {
    local os="unknown"
    if [ -r /etc/os-release ]; then
        os=$(. /etc/os-release && echo "${PRETTY_NAME:-$NAME}")
    fi
    local cpus
    cpus=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo "?")
    echo "host=$(hostname) os=\"$os\" cpus=$cpus"
}

pass_of() {
    # raw/<pass-id>/frames_*.bin -> pass-id
    basename "$(dirname "$1")"
}

compress_passes() {
    local d id out n=0
    for d in "$RAW_DIR"/*/; do
        [ -d "$d" ] || continue
        [ -f "$d/.closed" ] || continue
        id=$(basename "$d")
        out="$ARCH_DIR/$id.tar.gz"
        [ -f "$out" ] && continue
        tar -czf "$out" -C "$RAW_DIR" "$id"
        (cd "$ARCH_DIR" && sha256sum "$id.tar.gz" >"$id.tar.gz.sha256")
        chmod 0600 "$out" "$out.sha256"
        rm -rf -- "${RAW_DIR:?}/$id"
        n=$((n + 1))
        log "archived pass $id"
    done
    log "$n pass(es) compressed"
}

prune_archive() {
    local count
    count=$(find "$ARCH_DIR" -maxdepth 1 -name '*.tar.gz' | wc -l)
    if [ "$count" -le "$KEEP" ]; then
        return 0
    fi
    find "$ARCH_DIR" -maxdepth 1 -name '*.tar.gz' -printf '%T@ %p\n' \
        | sort -n | head -n $((count - KEEP)) | cut -d' ' -f2- \
        | while read -r old; do
            rm -f -- "$old" "$old.sha256"
            log "pruned $(basename "$old")"
        done
}

clear_scratch() {
    local d
    for d in "${SCRATCH_DIRS[@]}"; do
        if [ -d "$d" ]; then
            find "$d" -mindepth 1 -delete
            log "cleared $(basename "$d")"
        fi
    done
}

verify() {
    local bad=0 s
    for s in "$ARCH_DIR"/*.sha256; do
        [ -f "$s" ] || continue
        (cd "$ARCH_DIR" && sha256sum --quiet -c "$(basename "$s")") || bad=$((bad + 1))
    done
    [ "$bad" -eq 0 ] || log "WARNING: $bad archive(s) failed verification"
}

[ -d "$WORK" ] || { echo "$PROG: no such directory $WORK" >&2; exit 2; }
mkdir -p "$ARCH_DIR"
log "rotation start ($(host_info))"
compress_passes
prune_archive
clear_scratch
verify
log "rotation done"
