#!/usr/bin/env bash
# Copy the energy logger's monthly CSV exports and SQLite snapshot to the NAS.
#
# The NAS share is mounted only for the duration of the copy so a sleeping
# NAS never hangs the logger.  Settings come from ./archive.conf:
#   NAS_SHARE=//nas.local/energy
#   NAS_CREDS=$HOME/.config/energy/nas.creds
#   MOUNTPOINT=/mnt/energy-archive
#   KEEP_MONTHS=36
set -euo pipefail

CONF="${1:-./archive.conf}"
[[ -r "$CONF" ]] || { echo "config $CONF not readable" >&2; exit 1; }
# shellcheck disable=SC1090
. "$CONF"

: "${NAS_SHARE:?NAS_SHARE missing in $CONF}"
: "${NAS_CREDS:=$HOME/.config/energy/nas.creds}"
: "${MOUNTPOINT:=/mnt/energy-archive}"
: "${KEEP_MONTHS:=36}"
SRC_DIR="${SRC_DIR:-./exports}"
DB_FILE="${DB_FILE:-./energy.db}"
HOSTTAG="$(hostname -s)"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

if command -v sudo >/dev/null; then
    PRIV=sudo
elif command -v doas >/dev/null; then
    PRIV=doas
else
    PRIV=""
fi

mounted_here=0
cleanup() {
    if [[ $mounted_here -eq 1 ]]; then
        sync
        $PRIV umount "$MOUNTPOINT" && log "unmounted $MOUNTPOINT" || log "umount failed"
    fi
}
trap cleanup EXIT

mount_share() {
    if mountpoint -q "$MOUNTPOINT"; then
        log "$MOUNTPOINT already mounted"
        return 0
    fi
    [[ -d "$MOUNTPOINT" ]] || $PRIV mkdir -p "$MOUNTPOINT"
    local tries=0
    until $PRIV mount -t cifs "$NAS_SHARE" "$MOUNTPOINT" \
            -o "credentials=$NAS_CREDS,uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0640,dir_mode=0750"; do
        tries=$((tries + 1))
        if [[ $tries -ge 3 ]]; then
            log "could not mount $NAS_SHARE"
            return 1
        fi
        log "mount attempt $tries failed, NAS may be waking up"
        sleep 20
    done
    mounted_here=1
    log "mounted $NAS_SHARE on $MOUNTPOINT"
}

snapshot_db() {
    [[ -f "$DB_FILE" ]] || return 0
    local snap="$SRC_DIR/energy-$(date +%F).db"
    sqlite3 "$DB_FILE" ".backup '$snap'"
    gzip -f "$snap"
    log "database snapshot $snap.gz"
}

copy_files() {
    local dest="$MOUNTPOINT/$HOSTTAG"
    mkdir -p "$dest"
    rsync -rt --info=stats1 --include='*.csv' --include='*.db.gz' --exclude='*' \
        "$SRC_DIR/" "$dest/"
}

prune_remote() {
    local dest="$MOUNTPOINT/$HOSTTAG"
    find "$dest" -type f \( -name '*.csv' -o -name '*.db.gz' \) \
        -mtime +$((KEEP_MONTHS * 31)) -print -delete | sed 's/^/pruned /'
}

mkdir -p "$SRC_DIR"
snapshot_db
mount_share
copy_files
prune_remote
log "archive complete"
