#!/bin/sh
# Attach the long-term PACS archive (NFSv4 export on the imaging NAS) to a
# research workstation so cohort scripts can read historic studies, and make
# the mount survive reboots. Run on the workstation as an admin user.

NAS_HOST="${NAS_HOST:-imgnas01.radiology.internal}"
EXPORT_PATH="${EXPORT_PATH:-/export/pacs_lta}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/pacs_lta}"
NFS_OPTS="ro,vers=4.1,hard,timeo=600,retrans=2,noatime,_netdev"
FSTAB="/etc/fstab"
PERSIST=1

log() { printf '%s pacs-attach: %s\n' "$(date '+%F %T')" "$*"; }

usage() {
    echo "usage: $0 [-n] [-m mountpoint]   (-n: do not persist in fstab)"
    exit 2
}

while getopts "nm:h" opt; do
    case "$opt" in
        n) PERSIST=0 ;;
        m) MOUNT_POINT="$OPTARG" ;;
        *) usage ;;
    esac
done

check_reachable() {
    if ! showmount -e "$NAS_HOST" 2>/dev/null | grep -q "^${EXPORT_PATH}[[:space:]]"; then
        log "export ${EXPORT_PATH} not offered by ${NAS_HOST}"
        exit 1
    fi
}

ensure_client() {
    if ! command -v mount.nfs4 >/dev/null 2>&1; then
        log "installing NFS client utilities"
        sudo apt-get install -y nfs-common || exit 1
    fi
}

attach() {
    sudo mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        log "${MOUNT_POINT} already mounted"
        return 0
    fi
    if sudo mount -t nfs4 -o "$NFS_OPTS" "${NAS_HOST}:${EXPORT_PATH}" "$MOUNT_POINT"; then
        log "mounted ${NAS_HOST}:${EXPORT_PATH} on ${MOUNT_POINT}"
    else
        log "mount failed"
        exit 1
    fi
}

persist() {
    entry="${NAS_HOST}:${EXPORT_PATH} ${MOUNT_POINT} nfs4 ${NFS_OPTS} 0 0"
    if grep -qs " ${MOUNT_POINT} " "$FSTAB"; then
        log "fstab already has an entry for ${MOUNT_POINT}"
        return 0
    fi
    sudo cp -p "$FSTAB" "${FSTAB}.bak.$(date +%s)"
    echo "$entry" | sudo tee -a "$FSTAB" >/dev/null
    log "added fstab entry"
}

sanity_check() {
    studies=$(find "$MOUNT_POINT" -maxdepth 2 -type d 2>/dev/null | wc -l)
    log "archive visible, ${studies} top-level study folders"
}

check_reachable
ensure_client
attach
[ "$PERSIST" -eq 1 ] && persist
sanity_check
