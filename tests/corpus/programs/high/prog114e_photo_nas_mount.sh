#!/bin/sh
# photo_nas_mount.sh - attach the office NAS photo share and file today's site photos
#
# The office Synology keeps every job's photos under //nas01/sitephotos/<job>.
# This mounts the share (and makes it come back after a reboot), then copies
# the photos from the phone dump folder into the right job folder.
#
#   ./photo_nas_mount.sh JOB-2291 ~/PhoneDump/DCIM

set -eu

NAS_HOST="${NAS_HOST:-nas01.harrison.local}"
NAS_SHARE="${NAS_SHARE:-sitephotos}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/sitephotos}"
CRED_FILE="${CRED_FILE:-$HOME/.nas-sitephotos.cred}"
PERSIST="${PERSIST:-yes}"

JOB="${1:-}"
SRC="${2:-$HOME/PhoneDump/DCIM}"

log() { echo "photo_nas_mount: $*" >&2; }

[ -n "$JOB" ] || { log "usage: $0 JOB-NNNN [source_dir]"; exit 2; }
[ -d "$SRC" ] || { log "no source folder $SRC"; exit 1; }

ensure_creds() {
    if [ ! -f "$CRED_FILE" ]; then
        printf 'NAS username: ' >&2; read -r nas_user
        stty -echo; printf 'NAS password: ' >&2; read -r nas_pass; stty echo; echo >&2
        umask 077
        printf 'username=%s\npassword=%s\ndomain=HARRISON\n' "$nas_user" "$nas_pass" > "$CRED_FILE"
        chmod 0600 "$CRED_FILE"
    fi
}

is_mounted() {
    grep -qs " $MOUNT_POINT " /proc/mounts
}

do_mount() {
    if is_mounted; then
        log "$MOUNT_POINT already mounted"
        return 0
    fi
    command -v mount.cifs >/dev/null 2>&1 || {
        log "installing cifs-utils"
        sudo apt-get install -y cifs-utils >/dev/null
    }
    sudo mkdir -p "$MOUNT_POINT"
    opts="credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),iocharset=utf8,vers=3.0,file_mode=0664,dir_mode=0775"
    log "mounting //$NAS_HOST/$NAS_SHARE on $MOUNT_POINT"
    sudo mount -t cifs "//$NAS_HOST/$NAS_SHARE" "$MOUNT_POINT" -o "$opts"

    if [ "$PERSIST" = "yes" ] && ! grep -qs "//$NAS_HOST/$NAS_SHARE" /etc/fstab; then
        log "adding share to /etc/fstab"
        printf '//%s/%s %s cifs %s,_netdev,nofail 0 0\n' \
            "$NAS_HOST" "$NAS_SHARE" "$MOUNT_POINT" "$opts" | sudo tee -a /etc/fstab >/dev/null
        sudo systemctl daemon-reload
    fi
}

file_photos() {
    dest="$MOUNT_POINT/$JOB/$(date +%Y-%m-%d)"
    mkdir -p "$dest"
    count=0
    for f in "$SRC"/*.jpg "$SRC"/*.JPG "$SRC"/*.jpeg "$SRC"/*.heic "$SRC"/*.HEIC; do
        [ -f "$f" ] || continue
        base=$(basename "$f")
        if [ -f "$dest/$base" ] && cmp -s "$f" "$dest/$base"; then
            continue
        fi
        cp -p "$f" "$dest/$base"
        count=$((count + 1))
    done
    log "copied $count photos to $dest"
}

ensure_creds
do_mount
file_photos
