#!/usr/bin/env bash
# Acquire volatile memory of this Linux host with the LiME kernel module.
#
# The module must be built for the running kernel beforehand (see
# ./lime/src).  The dump is written into the case folder, hashed, and handed
# back to the invoking analyst.  Requires sudo rights.
#
#   live_memory_acquire.sh -c CASE-2024-117 [-f lime|raw] [-o DIR]

set -euo pipefail

CASE_ID=""
FORMAT="lime"
OUT_DIR="./acquisitions"
LIME_SRC="./lime/src"
KVER="$(uname -r)"
MODULE="$LIME_SRC/lime-$KVER.ko"

usage() { grep '^#' "$0" | sed -n '2,8p' | cut -c3-; exit "${1:-0}"; }

while getopts "c:f:o:h" opt; do
    case "$opt" in
        c) CASE_ID="$OPTARG" ;;
        f) FORMAT="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[[ -n "$CASE_ID" ]] || { echo "case id is required (-c)" >&2; usage 1; }
[[ "$FORMAT" == "lime" || "$FORMAT" == "raw" ]] || { echo "bad format $FORMAT" >&2; exit 1; }

log() { echo "$(date -u +%FT%TZ) [$CASE_ID] $*" | tee -a "$OUT_DIR/acquisition.log" >&2; }

preflight() {
    mkdir -p "$OUT_DIR"
    if [[ ! -f "$MODULE" ]]; then
        log "no LiME module for kernel $KVER at $MODULE"
        exit 2
    fi
    if lsmod | grep -q '^lime '; then
        log "lime already loaded, unloading stale instance"
        sudo rmmod lime
    fi
    local free_kb mem_kb
    free_kb=$(df -Pk "$OUT_DIR" | awk 'NR==2 {print $4}')
    mem_kb=$(awk '/MemTotal/ {print $2}' /proc/meminfo)
    if (( free_kb < mem_kb + 1048576 )); then
        log "not enough space: need ${mem_kb}k+1G, have ${free_kb}k"
        exit 3
    fi
    sudo -v || { log "sudo authentication failed"; exit 4; }
}

acquire() {
    local dump="$1"
    log "loading LiME ($FORMAT) -> $dump"
    local started=$SECONDS
    # insmod blocks until the whole of RAM has been written out
    sudo insmod "$MODULE" "path=$dump format=$FORMAT timeout=0"
    log "acquisition finished in $((SECONDS - started))s"
    sudo rmmod lime
    sudo chown "$(id -u):$(id -g)" "$dump"
    chmod 0400 "$dump"
}

record_context() {
    local ctx="$OUT_DIR/${CASE_ID}_context.txt"
    {
        echo "host: $(hostname -f 2>/dev/null || hostname)"
        echo "kernel: $KVER"
        echo "acquired_by: $(id -un)"
        echo "utc: $(date -u)"
        echo "module_sha256: $(sha256sum "$MODULE" | cut -d' ' -f1)"
        grep -E 'MemTotal|SwapTotal' /proc/meminfo
    } > "$ctx"
}

preflight
DUMP="$(realpath "$OUT_DIR")/${CASE_ID}_$(hostname -s)_$(date -u +%Y%m%dT%H%M%SZ).$FORMAT"
record_context
acquire "$DUMP"

log "hashing dump"
sha256sum "$DUMP" | tee "$DUMP.sha256"
log "done: $(du -h "$DUMP" | cut -f1) written"
