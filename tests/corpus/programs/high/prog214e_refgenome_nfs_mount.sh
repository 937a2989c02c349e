#!/usr/bin/env bash
# refgenome_nfs_mount.sh -- attach the core's read-only reference genome share
# (GRCh38, GRCm39, indices) to an analysis node before alignment jobs start,
# and detach it again afterwards.
set -euo pipefail

NFS_SERVER="${REF_NFS_SERVER:-192.0.2.10}"
EXPORT="${REF_NFS_EXPORT:-/export/references}"
MOUNTPOINT="${REF_MOUNTPOINT:-/mnt/references}"
MANIFEST="${REF_MANIFEST:-./references.json}"
ACTION="mount"
NFS_OPTS="ro,vers=4.1,hard,timeo=600,retrans=2,noatime"

log() { logger -t refmount -- "$*" 2>/dev/null || true; echo "[refmount] $*" >&2; }

usage() {
    cat <<EOF
usage: $0 [mount|umount|status] [-s server] [-e export] [-m mountpoint]
EOF
}

if [[ $# -gt 0 && "$1" != -* ]]; then
    ACTION="$1"; shift
fi
while getopts ":s:e:m:h" opt; do
    case "$opt" in
        s) NFS_SERVER="$OPTARG" ;;
        e) EXPORT="$OPTARG" ;;
        m) MOUNTPOINT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

is_mounted() { mountpoint -q "$MOUNTPOINT"; }

# Check that every genome listed in the manifest is present on the share.
# The manifest path and mount point are handed to Python via the environment.
verify_manifest() {
    [[ -f "$MANIFEST" ]] || { log "no manifest at $MANIFEST, skipping check"; return 0; }
    local missing
    missing="$(REF_ROOT="$MOUNTPOINT" REF_MANIFEST="$MANIFEST" python3 -c '
import json, os
root = os.environ["REF_ROOT"]
with open(os.environ["REF_MANIFEST"]) as fh:
    refs = json.load(fh)
for name, rel in sorted(refs.items()):
    if not os.path.exists(os.path.join(root, rel)):
        print(name)
')"
    if [[ -n "$missing" ]]; then
        log "missing references on share: $(echo "$missing" | tr '\n' ' ')"
        return 1
    fi
    log "all references in manifest present"
}

do_mount() {
    if is_mounted; then
        log "$MOUNTPOINT already mounted"
        verify_manifest
        return
    fi
    if ! grep -qw nfs /proc/filesystems; then
        log "loading nfs kernel module"
        sudo modprobe nfs
    fi
    sudo mkdir -p "$MOUNTPOINT"
    log "mounting $NFS_SERVER:$EXPORT on $MOUNTPOINT ($NFS_OPTS)"
    local tries=0
    until sudo mount -t nfs -o "$NFS_OPTS" "$NFS_SERVER:$EXPORT" "$MOUNTPOINT"; do
        tries=$((tries + 1))
        if (( tries >= 3 )); then
            log "mount failed after $tries attempts"
            exit 1
        fi
        sleep $((tries * 10))
    done
    verify_manifest
}

do_umount() {
    if ! is_mounted; then
        log "$MOUNTPOINT not mounted"
        return
    fi
    busy="$(fuser -m "$MOUNTPOINT" 2>&1 | wc -w || true)"
    if (( busy > 1 )); then
        log "share busy ($busy users), lazy unmount"
        sudo umount -l "$MOUNTPOINT"
    else
        sudo umount "$MOUNTPOINT"
    fi
    log "unmounted $MOUNTPOINT"
}

case "$ACTION" in
    mount) do_mount ;;
    umount|unmount) do_umount ;;
    status)
        if is_mounted; then
            findmnt -n -o SOURCE,OPTIONS "$MOUNTPOINT"
        else
            echo "not mounted"
        fi
        ;;
    *) usage; exit 2 ;;
esac
