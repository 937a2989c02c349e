#!/usr/bin/env bash
# nas_library_mount.sh - attach the studio NAS photo library (SMB3) before
# opening Lightroom/darktable, or detach it at the end of the day.
#
#   nas_library_mount.sh up      mount //nas/photo on ~/NAS/photo
#   nas_library_mount.sh down    flush and unmount
#   nas_library_mount.sh status
#
# Settings come from ~/.config/naslib.env (NAS_HOST, NAS_SHARE, NAS_USER,
# MOUNT_POINT, SMB_VERS). The password is asked once and kept in
# ~/.config/naslib.cred (mode 600).
set -euo pipefail

ENV_FILE="${NASLIB_ENV:-$HOME/.config/naslib.env}"
CRED_FILE="$HOME/.config/naslib.cred"

NAS_HOST=nas.studio.lan
NAS_SHARE=photo
NAS_USER=$USER
MOUNT_POINT="$HOME/NAS/photo"
SMB_VERS=3.0

if [[ -r $ENV_FILE ]]; then
    while IFS='=' read -r k v; do
        case $k in
            NAS_HOST|NAS_SHARE|NAS_USER|MOUNT_POINT|SMB_VERS) printf -v "$k" '%s' "${v//\"/}" ;;
        esac
    done < <(grep -E '^[A-Z_]+=' "$ENV_FILE")
fi
MOUNT_POINT=${MOUNT_POINT/#\~/$HOME}

msg() { echo "[naslib] $*"; }

ensure_credentials() {
    [[ -s $CRED_FILE ]] && return 0
    local pw
    read -r -s -p "SMB password for $NAS_USER@$NAS_HOST: " pw; echo
    umask 077
    mkdir -p "$(dirname "$CRED_FILE")"
    printf 'username=%s\npassword=%s\n' "$NAS_USER" "$pw" > "$CRED_FILE"
    chmod 600 "$CRED_FILE"
}

is_mounted() { findmnt -rn -T "$MOUNT_POINT" -t cifs >/dev/null 2>&1; }

reachable() {
    local i
    for i in 1 2 3; do
        if timeout 3 bash -c "exec 3<>/dev/tcp/$NAS_HOST/445" 2>/dev/null; then
            return 0
        fi
        msg "waiting for $NAS_HOST ($i/3)"; sleep 2
    done
    return 1
}

do_up() {
    if is_mounted; then msg "already mounted on $MOUNT_POINT"; return 0; fi
    reachable || { msg "$NAS_HOST:445 not reachable - are you on the studio network?"; exit 2; }
    ensure_credentials
    mkdir -p "$MOUNT_POINT"
    local opts="credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),vers=$SMB_VERS"
    opts+=",file_mode=0664,dir_mode=0775,cache=strict,actimeo=30,nobrl"
    msg "mounting //$NAS_HOST/$NAS_SHARE"
    sudo mount -t cifs "//$NAS_HOST/$NAS_SHARE" "$MOUNT_POINT" -o "$opts"
    df -h "$MOUNT_POINT" | tail -n1
}

do_down() {
    if ! is_mounted; then msg "not mounted"; return 0; fi
    sync
    if command -v fuser >/dev/null && fuser -m "$MOUNT_POINT" >/dev/null 2>&1; then
        msg "still in use by:"; fuser -vm "$MOUNT_POINT" 2>&1 | tail -n +2
        exit 3
    fi
    sudo umount "$MOUNT_POINT"
    msg "unmounted"
}

do_status() {
    if is_mounted; then
        findmnt -T "$MOUNT_POINT"
    else
        msg "not mounted ($MOUNT_POINT)"
    fi
}

case "${1:-status}" in
    up|mount)     do_up ;;
    down|umount)  do_down ;;
    status)       do_status ;;
    *) echo "usage: ${0##*/} {up|down|status}" >&2; exit 64 ;;
esac
