#!/usr/bin/env bash
# archive_share_push.sh - end-of-day push of finished scan batches to the
# county archive NAS. Mounts the NFS export, copies today's verified batches,
# checks the copy and unmounts again.
set -euo pipefail

NAS_HOST="${NAS_HOST:-198.51.100.20}"
NAS_EXPORT="${NAS_EXPORT:-/export/records}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/records_archive}"
MOUNT_OPTS="${MOUNT_OPTS:-vers=4.1,rw,hard,timeo=600}"
BATCH_DIR="${BATCH_DIR:-./finished_batches}"
DAY="$(date +%Y-%m-%d)"
MOUNTED_HERE=0

log() { printf '%s archive-push: %s\n' "$(date '+%T')" "$*" >&2; }

cleanup() {
    if [[ "$MOUNTED_HERE" -eq 1 ]]; then
        log "unmounting $MOUNT_POINT"
        sudo umount "$MOUNT_POINT" || log "umount failed, check manually"
    fi
}
trap cleanup EXIT

usage() { echo "Usage: $0 [--day YYYY-MM-DD] [--batches DIR]"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --day) DAY="$2"; shift 2 ;;
        --batches) BATCH_DIR="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# Reject option strings we never want on the archive mount.
validate_opts() {
    OPTS="$MOUNT_OPTS" python3 -c '
import os, sys
opts = [o.strip() for o in os.environ["OPTS"].split(",") if o.strip()]
forbidden = {"nolock", "soft", "suid", "exec"}
bad = [o for o in opts if o.split("=")[0] in forbidden]
if bad:
    sys.exit("forbidden mount options: " + ",".join(bad))
print(",".join(opts + ["nosuid", "noexec"]))
'
}

mount_share() {
    local opts="$1"
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted, reusing"
        return 0
    fi
    sudo mkdir -p "$MOUNT_POINT"
    log "mounting $NAS_HOST:$NAS_EXPORT on $MOUNT_POINT ($opts)"
    sudo mount -t nfs -o "$opts" "$NAS_HOST:$NAS_EXPORT" "$MOUNT_POINT"
    MOUNTED_HERE=1
}

push_batches() {
    local dest="$MOUNT_POINT/$DAY" count=0 batch
    mkdir -p "$dest"
    shopt -s nullglob
    for batch in "$BATCH_DIR"/*/; do
        batch="${batch%/}"
        if [[ ! -f "$batch/VERIFIED" ]]; then
            log "skipping unverified batch $(basename "$batch")"
            continue
        fi
        rsync -a --checksum "$batch" "$dest/"
        count=$((count + 1))
    done
    log "pushed $count batch(es) to $dest"
    echo "$count"
}

verify_copy() {
    local dest="$MOUNT_POINT/$DAY"
    local b
    : > ./push_local.sha256
    for b in "$BATCH_DIR"/*/; do
        [[ -f "$b/VERIFIED" ]] || continue
        (cd "$b" && find . -type f ! -name VERIFIED -exec sha256sum {} +) >> ./push_local.sha256
    done
    (cd "$dest" && find . -type f ! -name VERIFIED -exec sha256sum {} +) > ./push_remote.sha256
    if ! diff -q <(awk '{print $1}' ./push_local.sha256 | sort) \
                 <(awk '{print $1}' ./push_remote.sha256 | sort) >/dev/null; then
        log "WARNING: checksum mismatch between local batches and archive"
        return 1
    fi
    log "checksums match"
}

[[ -d "$BATCH_DIR" ]] || { log "no batch directory $BATCH_DIR"; exit 1; }
opts="$(validate_opts)" || exit 1
mount_share "$opts"
n="$(push_batches)"
if [[ "$n" -gt 0 ]]; then
    verify_copy || exit 1
fi
rm -f ./push_local.sha256 ./push_remote.sha256
