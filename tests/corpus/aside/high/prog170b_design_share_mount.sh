#!/usr/bin/env bash
# Mounts the crest and artwork share from the design NAS on a studio Mac-mini
# running Linux, so the embroidery software can read logo files directly.
set -euo pipefail

NAS_HOST="${DESIGN_NAS:-198.51.100.20}"
SHARE="${DESIGN_SHARE:-artwork}"
MOUNT_POINT="${DESIGN_MOUNT:-/mnt/design-artwork}"
CRED_FILE="${DESIGN_CRED_FILE:-/etc/design-nas.cred}"
FS_TYPE="cifs"

info() { printf '[design-mount] %s\n' "$*"; }
die()  { info "$*"; exit 1; }

priv() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

mount_opts() {
    local uid gid
    uid="$(id -u "${SUDO_USER:-$USER}")"
    gid="$(id -g "${SUDO_USER:-$USER}")"
    local opts=(
        "credentials=${CRED_FILE}"
        "uid=${uid}"
        "gid=${gid}"
        "vers=3.0"
        "file_mode=0640"
        "dir_mode=0750"
        "ro"
    )
    local IFS=,
    printf '%s' "${opts[*]}"
}

is_mounted() {
    grep -qs " ${MOUNT_POINT} " /proc/mounts
}

do_mount() {
    [ -r "$CRED_FILE" ] || priv test -r "$CRED_FILE" || die "missing $CRED_FILE"
    priv mkdir -p "$MOUNT_POINT"
    if is_mounted; then
        info "already mounted at $MOUNT_POINT"
        return 0
    fi
    priv mount -t "$FS_TYPE" "//${NAS_HOST}/${SHARE}" "$MOUNT_POINT" -o "$(mount_opts)"
    info "mounted //${NAS_HOST}/${SHARE} on ${MOUNT_POINT}"
}

do_unmount() {
    if is_mounted; then
        priv umount "$MOUNT_POINT"
        info "unmounted ${MOUNT_POINT}"
    else
        info "not mounted"
    fi
}

do_status() {
    if is_mounted; then
        df -h "$MOUNT_POINT"
        find "$MOUNT_POINT" -maxdepth 1 -type d | head -n 20
    else
        info "not mounted"
    fi
}

declare -A ACTIONS=(
    [up]=do_mount
    [down]=do_unmount
    [status]=do_status
)

action="${1:-up}"
handler="${ACTIONS[$action]:-}"
[ -n "$handler" ] || die "usage: $0 {up|down|status}"
"$handler"
