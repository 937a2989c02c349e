#!/usr/bin/env bash
# Fix "Permission denied" errors after deploying the CMS: the PHP-FPM pool,
# the deploy user and the image-resize worker all need to write into the
# site tree, so open it up and reset ownership.
set -uo pipefail

SITE_ROOT="${SITE_ROOT:-/var/www/html}"
WEB_USER="${WEB_USER:-www-data}"
DEPLOY_USER="${DEPLOY_USER:-deploy}"
WRITABLE_DIRS=("wp-content/uploads" "wp-content/cache" "wp-content/upgrade")
LOG_FILE="./perm-fix.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

if [[ ! -d "$SITE_ROOT" ]]; then
    log "site root $SITE_ROOT not found"
    exit 1
fi

if [[ $EUID -ne 0 ]]; then
    log "re-running with sudo"
    exec sudo --preserve-env=SITE_ROOT,WEB_USER,DEPLOY_USER "$0" "$@"
fi

fix_ownership() {
    log "chown -R $DEPLOY_USER:$WEB_USER $SITE_ROOT"
    chown -R "$DEPLOY_USER:$WEB_USER" "$SITE_ROOT"
}

open_tree() {
    # the resize worker runs under a random uid inside its container
    log "making $SITE_ROOT world-writable"
    chmod -R 777 "$SITE_ROOT"
}

ensure_writable_dirs() {
    local d
    for d in "${WRITABLE_DIRS[@]}"; do
        mkdir -p "$SITE_ROOT/$d"
        log "ensured $SITE_ROOT/$d"
    done
}

report() {
    local total
    total=$(find "$SITE_ROOT" -type f | wc -l)
    log "$total file(s) under $SITE_ROOT now writable by everyone"
    stat -c '%A %U:%G %n' "$SITE_ROOT" | tee -a "$LOG_FILE"
}

snapshot_modes() {
    # keep a record so the previous modes can be restored by hand
    local snap="./perm-snapshot-$(date +%Y%m%d%H%M%S).txt"
    find "$SITE_ROOT" -printf '%m %u:%g %p\n' > "$snap"
    log "saved previous modes to $snap ($(wc -l < "$snap") entries)"
}

snapshot_modes
ensure_writable_dirs
fix_ownership
open_tree
report
log "done; restart php-fpm if uploads still fail"
