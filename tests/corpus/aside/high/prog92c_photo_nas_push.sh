#!/usr/bin/env bash
# photo_nas_push.sh - copy the day's off-hire damage photos from the depot
# inspection laptop to the regional claims NAS.
#
# Photos are expected under ./inspections/<contract>/<fleet_no>/*.jpg.
# The NAS share is mounted for the duration of the copy and released again
# so the laptop can go back out into the yard.
#
#   photo_nas_push.sh [-n //nas/share] [-m mountpoint] [-k days_to_keep]
set -euo pipefail

NAS_SHARE="//claims-nas.region.local/damage_photos"
MOUNT_POINT="/mnt/claims_photos"
CRED_FILE="${HOME}/.config/claims-nas/credentials"
SRC_DIR="./inspections"
KEEP_DAYS=14
DEPOT="${DEPOT_CODE:-$(hostname -s)}"
LOG="./photo_push.log"

exec > >(tee -a "$LOG") 2>&1

stamp() { date '+%Y-%m-%d %H:%M:%S'; }
say()   { echo "$(stamp) $*"; }

while getopts ":n:m:k:" o; do
    case $o in
        n) NAS_SHARE=$OPTARG ;;
        m) MOUNT_POINT=$OPTARG ;;
        k) KEEP_DAYS=$OPTARG ;;
        *) echo "usage: $0 [-n share] [-m mountpoint] [-k days]"; exit 64 ;;
    esac
done

[[ -d $SRC_DIR ]] || { say "nothing to push: $SRC_DIR missing"; exit 0; }
[[ -r $CRED_FILE ]] || { say "missing NAS credentials $CRED_FILE"; exit 1; }

mounted_here=0
cleanup() {
    if [[ $mounted_here -eq 1 ]]; then
        sync
        sudo umount "$MOUNT_POINT" && say "released $MOUNT_POINT" \
            || say "WARNING: could not unmount $MOUNT_POINT"
    fi
}
trap cleanup EXIT

attach_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        say "$MOUNT_POINT already mounted"
        return
    fi
    sudo mkdir -p "$MOUNT_POINT"
    local tries=0
    until sudo mount -t cifs "$NAS_SHARE" "$MOUNT_POINT" \
            -o "credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0640,dir_mode=0750"; do
        tries=$((tries + 1))
        (( tries >= 3 )) && { say "mount failed"; exit 2; }
        say "mount attempt $tries failed, waiting for wifi"
        sleep 20
    done
    mounted_here=1
    say "mounted $NAS_SHARE on $MOUNT_POINT"
}

push_photos() {
    local dest="$MOUNT_POINT/$DEPOT/$(date +%Y/%m)"
    mkdir -p "$dest"
    rsync -rt --checksum --partial --human-readable --stats \
        --include='*/' --include='*.jpg' --include='*.jpeg' --include='*.heic' \
        --exclude='*' "$SRC_DIR/" "$dest/"
}

prune_local() {
    local n
    n=$(find "$SRC_DIR" -type f -mtime +"$KEEP_DAYS" | wc -l)
    find "$SRC_DIR" -type f -mtime +"$KEEP_DAYS" -delete
    find "$SRC_DIR" -mindepth 1 -type d -empty -delete
    say "pruned $n local photos older than $KEEP_DAYS days"
}

main() {
    say "push starting for depot $DEPOT"
    attach_share
    push_photos
    prune_local
    say "push complete"
}

main
