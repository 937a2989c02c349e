#!/usr/bin/env bash
# Mounts the clinic NAS x-ray share on the vet's laptop when she is on the
# clinic network, and unmounts it cleanly before she leaves.
set -euo pipefail

NAS_HOST="${NAS_HOST:-nas.clinic.rescue-centre.example}"
SHARE="${XRAY_SHARE:-xray}"
MOUNT_POINT="${XRAY_MOUNT:-/mnt/xray}"
CRED_DIR="$HOME/.config/xray-share"
CRED_FILE="$CRED_DIR/credentials"

declare -a OPTS=(
    "credentials=$CRED_FILE"
    "uid=$(id -u)"
    "gid=$(id -g)"
    "vers=3.0"
    "file_mode=0640"
    "dir_mode=0750"
    "nofail"
)

priv() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

join_opts() {
    local IFS=,
    printf '%s' "${OPTS[*]}"
}

ensure_credentials() {
    if [[ ! -f $CRED_FILE ]]; then
        mkdir -p "$CRED_DIR"
        read -rp "NAS user: " user
        read -rsp "NAS password: " pass
        echo
        umask 077
        printf 'username=%s\npassword=%s\ndomain=CLINIC\n' "$user" "$pass" >"$CRED_FILE"
    fi
    chmod 0600 "$CRED_FILE"
}

on_clinic_network() {
    getent hosts "$NAS_HOST" >/dev/null 2>&1
}

is_mounted() {
    findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1
}

do_mount() {
    if is_mounted; then
        echo "already mounted at $MOUNT_POINT"
        return 0
    fi
    if ! on_clinic_network; then
        echo "cannot see $NAS_HOST; are you on the clinic network?" >&2
        return 1
    fi
    ensure_credentials
    priv mkdir -p "$MOUNT_POINT"
    priv mount -t cifs "//$NAS_HOST/$SHARE" "$MOUNT_POINT" -o "$(join_opts)"
    echo "mounted //$NAS_HOST/$SHARE at $MOUNT_POINT"
}

do_umount() {
    if ! is_mounted; then
        echo "not mounted"
        return 0
    fi
    sync
    priv umount "$MOUNT_POINT"
    echo "unmounted $MOUNT_POINT"
}

do_status() {
    if is_mounted; then
        findmnt "$MOUNT_POINT"
        df -h "$MOUNT_POINT" | tail -n 1
    else
        echo "x-ray share not mounted"
    fi
}

declare -A ACTIONS=([mount]=do_mount [umount]=do_umount [status]=do_status)

action="${1:-mount}"
if [[ -z ${ACTIONS[$action]:-} ]]; then
    echo "usage: $(basename "$0") [mount|umount|status]" >&2
    exit 2
fi
"${ACTIONS[$action]}"
