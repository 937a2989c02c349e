#!/usr/bin/env bash
# product_photo_share_mount.sh - attach the studio NAS share that holds the
# edited product photos, so the listing uploader and the photo resizer can
# read them from a local path.
#
#   ./product_photo_share_mount.sh            # mount
#   ./product_photo_share_mount.sh --umount   # detach before travelling
#
# ~/.config/photo-share/share.env:
#   NAS_SHARE=//studio-nas.local/ProductPhotos
#   NAS_USER=photos
#   NAS_PASS=...
set -euo pipefail

ENV_FILE="${PHOTO_SHARE_ENV:-$HOME/.config/photo-share/share.env}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/product-photos}"
CIFS_VERS="${CIFS_VERS:-3.0}"
ACTION=mount

die() { echo "error: $*" >&2; exit 1; }
note() { echo ":: $*"; }

for arg in "$@"; do
    case "$arg" in
        --umount|-u) ACTION=umount ;;
        --status|-s) ACTION=status ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) die "unknown argument: $arg" ;;
    esac
done

[[ -f "$ENV_FILE" ]] || die "missing $ENV_FILE"
# shellcheck source=/dev/null
. "$ENV_FILE"
: "${NAS_SHARE:?NAS_SHARE not set}" "${NAS_USER:?NAS_USER not set}" "${NAS_PASS:?NAS_PASS not set}"

CRED_FILE="$(dirname "$ENV_FILE")/.smbcred"

write_credentials() {
    umask 077
    printf 'username=%s\npassword=%s\n' "$NAS_USER" "$NAS_PASS" > "$CRED_FILE"
    chmod 600 "$CRED_FILE"
}

nas_reachable() {
    local host="${NAS_SHARE#//}"
    host="${host%%/*}"
    getent hosts "$host" >/dev/null || return 1
    timeout 3 bash -c "exec 3<>/dev/tcp/$host/445" 2>/dev/null
}

do_mount() {
    if mountpoint -q "$MOUNT_POINT"; then
        note "$MOUNT_POINT already mounted"
        return 0
    fi
    command -v mount.cifs >/dev/null || die "install cifs-utils first"
    nas_reachable || die "NAS not reachable, are you on the studio wifi?"
    write_credentials
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -t cifs "$NAS_SHARE" "$MOUNT_POINT" \
        -o "credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),vers=$CIFS_VERS,file_mode=0644,dir_mode=0755,iocharset=utf8"
    note "mounted $NAS_SHARE at $MOUNT_POINT ($(find "$MOUNT_POINT" -maxdepth 1 -type d | wc -l) folders)"
}

do_umount() {
    if ! mountpoint -q "$MOUNT_POINT"; then
        note "$MOUNT_POINT is not mounted"
        return 0
    fi
    sync
    sudo umount "$MOUNT_POINT" || sudo umount -l "$MOUNT_POINT"
    note "unmounted $MOUNT_POINT"
}

do_status() {
    if mountpoint -q "$MOUNT_POINT"; then
        findmnt -no SOURCE,FSTYPE,OPTIONS "$MOUNT_POINT"
        df -h "$MOUNT_POINT" | tail -1
    else
        note "not mounted"
    fi
}

case "$ACTION" in
    mount)  do_mount ;;
    umount) do_umount ;;
    status) do_status ;;
esac
