#!/usr/bin/env bash
# crew_docs_mount.sh - mount the crew documents NFS export (licences,
# medicals, recurrent training records) read-only on a rostering host and
# check that the document index is readable before the qualification
# checker runs.
set -euo pipefail

NFS_SERVER="${NFS_SERVER:-files.example.org}"
NFS_EXPORT="${NFS_EXPORT:-/export/crewdocs}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/crewdocs}"
MOUNT_OPTS="${MOUNT_OPTS:-ro,vers=4.1,soft,timeo=100,retrans=2}"
ACTION="mount"

log() { printf '%s [crewdocs] %s\n' "$(date +%T)" "$*" >&2; }

usage() {
    echo "usage: $0 [mount|umount|status] [-s server] [-e export] [-m mountpoint]"
}

if [[ $# -gt 0 && "$1" != -* ]]; then
    ACTION="$1"; shift
fi
while getopts ":s:e:m:h" opt; do
    case "$opt" in
        s) NFS_SERVER="$OPTARG" ;;
        e) NFS_EXPORT="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

is_mounted() {
    findmnt -n "$MOUNT_POINT" >/dev/null 2>&1
}

do_mount() {
    if is_mounted; then
        log "$MOUNT_POINT already mounted"
        return 0
    fi
    sudo mkdir -p "$MOUNT_POINT"
    log "mounting $NFS_SERVER:$NFS_EXPORT on $MOUNT_POINT ($MOUNT_OPTS)"
    sudo mount -t nfs -o "$MOUNT_OPTS" "$NFS_SERVER:$NFS_EXPORT" "$MOUNT_POINT"
}

do_umount() {
    if is_mounted; then
        sudo umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    else
        log "$MOUNT_POINT not mounted"
    fi
}

check_index() {
    export CREWDOCS_ROOT="$MOUNT_POINT"
    python3 -c '
import csv, os, sys, datetime
root = os.environ["CREWDOCS_ROOT"]
index = os.path.join(root, "index.csv")
if not os.path.isfile(index):
    sys.exit(f"index missing at {index}")
today = datetime.date.today()
expired = total = 0
with open(index, newline="") as fh:
    for row in csv.DictReader(fh):
        total += 1
        exp = row.get("expires", "")
        try:
            if datetime.date.fromisoformat(exp) < today:
                expired += 1
        except ValueError:
            pass
print(f"{total} documents indexed, {expired} expired")
'
}

case "$ACTION" in
    mount)
        do_mount
        summary="$(check_index)" || { log "index check failed"; exit 1; }
        log "$summary"
        ;;
    umount) do_umount ;;
    status)
        if is_mounted; then findmnt "$MOUNT_POINT"; else log "not mounted"; fi
        ;;
    *) usage; exit 2 ;;
esac
