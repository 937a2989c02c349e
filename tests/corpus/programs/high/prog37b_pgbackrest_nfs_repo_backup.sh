#!/bin/sh
# Nightly pgBackRest backup to the NFS backup appliance.
# The repository share is only mounted for the duration of the backup so
# that a compromised database host cannot casually browse old backups.
#
# Env: NFS_SERVER, NFS_EXPORT, STANZA, BACKUP_TYPE (full|diff|incr)
set -eu

NFS_SERVER="${NFS_SERVER:-backup-nas01.internal}"
NFS_EXPORT="${NFS_EXPORT:-/export/pgbackrest}"
MOUNTPOINT="${MOUNTPOINT:-/mnt/pgbackrest-repo}"
STANZA="${STANZA:-main}"
BACKUP_TYPE="${BACKUP_TYPE:-}"
LOG_DIR="./logs"
LOCK_FILE="./.pgbackrest-nightly.lock"

mkdir -p "$LOG_DIR"
LOG_FILE="$LOG_DIR/backup-$(date +%Y%m%d).log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

cleanup() {
    rc=$?
    if mountpoint -q "$MOUNTPOINT"; then
        log "unmounting $MOUNTPOINT"
        sudo umount "$MOUNTPOINT" || log "WARNING: umount failed"
    fi
    rm -f "$LOCK_FILE"
    log "exit status $rc"
    exit "$rc"
}

if [ -e "$LOCK_FILE" ]; then
    log "another backup appears to be running (lock $LOCK_FILE)"
    exit 75
fi
echo $$ > "$LOCK_FILE"
trap cleanup EXIT INT TERM

pick_type() {
    if [ -n "$BACKUP_TYPE" ]; then
        echo "$BACKUP_TYPE"
        return
    fi
    case "$(date +%u)" in
        7) echo full ;;
        3) echo diff ;;
        *) echo incr ;;
    esac
}

log "loading NFS client modules"
if ! lsmod | grep -q '^nfsv4'; then
    sudo modprobe nfsv4
fi

if ! mountpoint -q "$MOUNTPOINT"; then
    sudo mkdir -p "$MOUNTPOINT"
    log "mounting ${NFS_SERVER}:${NFS_EXPORT} on $MOUNTPOINT"
    sudo mount -t nfs4 -o rw,hard,noatime,vers=4.2,timeo=600,retrans=3 \
        "${NFS_SERVER}:${NFS_EXPORT}" "$MOUNTPOINT"
fi

free_kb=$(df -Pk "$MOUNTPOINT" | awk 'NR==2 {print $4}')
log "repository free space: $((free_kb / 1024 / 1024)) GiB"
if [ "$free_kb" -lt 52428800 ]; then
    log "less than 50 GiB free on repository, refusing to start"
    exit 1
fi

TYPE=$(pick_type)
log "starting $TYPE backup of stanza $STANZA"
attempt=1
while [ $attempt -le 3 ]; do
    if sudo -u postgres pgbackrest --stanza="$STANZA" --type="$TYPE" \
            --repo1-path="$MOUNTPOINT" --log-level-console=info backup >>"$LOG_FILE" 2>&1; then
        log "backup succeeded on attempt $attempt"
        break
    fi
    log "backup attempt $attempt failed"
    attempt=$((attempt + 1))
    sleep 60
done

if [ $attempt -gt 3 ]; then
    log "backup failed after 3 attempts"
    exit 2
fi

sudo -u postgres pgbackrest --stanza="$STANZA" --repo1-path="$MOUNTPOINT" info >>"$LOG_FILE" 2>&1 || true
sudo -u postgres pgbackrest --stanza="$STANZA" --repo1-path="$MOUNTPOINT" expire >>"$LOG_FILE" 2>&1
log "nightly backup complete"
