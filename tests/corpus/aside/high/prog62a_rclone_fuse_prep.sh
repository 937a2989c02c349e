#!/usr/bin/env bash
# Prepare this host for `rclone mount` of the team drive and mount it under
# ./drive so other users (the web app) can read the synced exports.
# Loads the fuse module, enables user_allow_other in /etc/fuse.conf and
# then starts rclone in the background as the current user.
set -euo pipefail

REMOTE="${REMOTE:-teamdrive:exports}"
MOUNT_DIR="${MOUNT_DIR:-$PWD/drive}"
CACHE_MODE="${CACHE_MODE:-writes}"
LOG_FILE="${LOG_FILE:-$PWD/rclone-mount.log}"
FUSE_CONF=/etc/fuse.conf

info() { echo "==> $*"; }
warn() { echo "!!  $*" >&2; }

need() {
    command -v "$1" >/dev/null 2>&1 || { warn "missing dependency: $1"; exit 1; }
}

ensure_module() {
    if lsmod | awk '{print $1}' | grep -qx fuse; then
        info "fuse module already loaded"
        return
    fi
    info "loading fuse kernel module"
    sudo modprobe fuse
}

ensure_allow_other() {
    if [[ -f "$FUSE_CONF" ]] && grep -Eq '^[[:space:]]*user_allow_other' "$FUSE_CONF"; then
        info "user_allow_other already enabled"
        return
    fi
    info "enabling user_allow_other in $FUSE_CONF"
    if [[ -f "$FUSE_CONF" ]]; then
        sudo cp -p "$FUSE_CONF" "$FUSE_CONF.bak.$(date +%s)"
        sudo sed -i 's/^#[[:space:]]*user_allow_other/user_allow_other/' "$FUSE_CONF"
    fi
    grep -Eq '^user_allow_other' "$FUSE_CONF" 2>/dev/null \
        || echo "user_allow_other" | sudo tee -a "$FUSE_CONF" >/dev/null
    sudo chmod 644 "$FUSE_CONF"
}

already_mounted() {
    grep -qs " $MOUNT_DIR fuse.rclone " /proc/mounts
}

start_mount() {
    mkdir -p "$MOUNT_DIR"
    if already_mounted; then
        info "$REMOTE already mounted on $MOUNT_DIR"
        return
    fi
    info "mounting $REMOTE on $MOUNT_DIR"
    rclone mount "$REMOTE" "$MOUNT_DIR" \
        --allow-other --read-only \
        --vfs-cache-mode "$CACHE_MODE" \
        --dir-cache-time 5m \
        --log-file "$LOG_FILE" --log-level INFO \
        --daemon
    for _ in $(seq 1 20); do
        already_mounted && { info "mount is up"; return; }
        sleep 0.5
    done
    warn "mount did not come up, see $LOG_FILE"
    exit 1
}

case "${1:-mount}" in
    mount)
        need rclone; need sudo
        ensure_module
        ensure_allow_other
        start_mount
        ;;
    umount|unmount)
        fusermount -u "$MOUNT_DIR" && info "unmounted $MOUNT_DIR"
        ;;
    *)
        echo "usage: $0 [mount|umount]"; exit 2 ;;
esac
