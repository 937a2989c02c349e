#!/bin/sh
# fix_media_permissions.sh
#
# Uploads through the Django admin started failing with
# "PermissionError: [Errno 13]" after the last release because the media
# tree ended up owned by the deploy user while gunicorn runs as www-data,
# and the thumbnail worker (celery, runs as "app") writes into the same
# tree. This realigns ownership and permissions so every process that
# touches the web root can write to it again.
#
# usage: fix_media_permissions.sh [web_root] [service_user]

WEB_ROOT="${1:-/var/www/html}"
SERVICE_USER="${2:-www-data}"
MEDIA_DIRS="media media/uploads media/thumbnails static CACHE"
LOG="${LOG:-./fix_media_permissions.log}"

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOG"
}

need() {
    command -v "$1" >/dev/null 2>&1 || { log "missing command: $1"; exit 1; }
}

ensure_dirs() {
    for d in $MEDIA_DIRS; do
        if [ ! -d "$WEB_ROOT/$d" ]; then
            log "creating $WEB_ROOT/$d"
            sudo mkdir -p "$WEB_ROOT/$d"
        fi
    done
}

report() {
    log "current state:"
    for d in $MEDIA_DIRS; do
        stat -c '  %A %U:%G %n' "$WEB_ROOT/$d" 2>/dev/null | tee -a "$LOG"
    done
}

realign() {
    log "chown -R $SERVICE_USER:$SERVICE_USER $WEB_ROOT"
    sudo chown -R "$SERVICE_USER:$SERVICE_USER" "$WEB_ROOT" || return 1

    # gunicorn, celery and the deploy user all need to write here
    log "opening up $WEB_ROOT"
    sudo chmod -R 777 "$WEB_ROOT" || return 1

    # new files keep the group
    sudo find "$WEB_ROOT" -type d -exec chmod g+s {} + || return 1
}

smoke_test() {
    probe="$WEB_ROOT/media/uploads/.write_probe_$$"
    if sudo -u "$SERVICE_USER" sh -c "echo ok > '$probe'"; then
        sudo rm -f "$probe"
        log "write test as $SERVICE_USER: ok"
    else
        log "write test as $SERVICE_USER: FAILED"
        return 1
    fi
}

need sudo
need stat

if [ ! -d "$WEB_ROOT" ]; then
    log "web root $WEB_ROOT does not exist"
    exit 1
fi

log "fixing permissions under $WEB_ROOT for $SERVICE_USER"
report
ensure_dirs
if ! realign; then
    log "permission realignment failed"
    exit 1
fi
smoke_test || exit 1
report
log "done"
