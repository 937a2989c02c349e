#!/usr/bin/env bash
# vulnweb_lab_deploy.sh - deploy the web-exploitation lab app on a course VM
#
# Unpacks the deliberately vulnerable PHP app (file upload, LFI and SQLi
# exercises) from the course bundle into the web root, seeds its SQLite
# database and reloads the web server.
#
#   ./vulnweb_lab_deploy.sh [-b bundle.tar.gz] [-r webroot] [-s nginx|apache2]
set -euo pipefail

BUNDLE="vulnweb-lab.tar.gz"
WEBROOT="/var/www/html"
SERVER="nginx"
APP_DIR_NAME="vulnweb"
LOGFILE="deploy.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"; }
fail() { log "FAILED: $*"; exit 1; }

while getopts ":b:r:s:h" o; do
    case "$o" in
        b) BUNDLE="$OPTARG" ;;
        r) WEBROOT="$OPTARG" ;;
        s) SERVER="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) fail "bad option -$OPTARG" ;;
    esac
done

[[ -f "$BUNDLE" ]] || fail "bundle $BUNDLE not found"
SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

unpack() {
    local stage="./stage"
    rm -rf "$stage"
    mkdir -p "$stage"
    tar -xzf "$BUNDLE" -C "$stage"
    [[ -f "$stage/$APP_DIR_NAME/index.php" ]] || fail "bundle layout unexpected"
    log "unpacked $(find "$stage" -type f | wc -l) files"
    $SUDO rm -rf "${WEBROOT:?}/$APP_DIR_NAME"
    $SUDO cp -r "$stage/$APP_DIR_NAME" "$WEBROOT/"
    rm -rf "$stage"
}

seed_db() {
    local db="$WEBROOT/$APP_DIR_NAME/data/lab.sqlite"
    local schema="$WEBROOT/$APP_DIR_NAME/data/schema.sql"
    if [[ -f "$schema" ]]; then
        $SUDO sqlite3 "$db" <"$schema"
        log "database seeded"
    fi
}

open_permissions() {
    # the upload and LFI exercises need the app to write anywhere under the
    # web root, and students edit files there during the lab
    $SUDO chown -R "${SUDO_USER:-$(id -un)}":www-data "$WEBROOT"
    $SUDO chmod -R 777 "$WEBROOT"
    log "permissions opened on $WEBROOT"
}

reload_server() {
    case "$SERVER" in
        nginx)   $SUDO nginx -t && $SUDO systemctl reload nginx ;;
        apache2) $SUDO apache2ctl configtest && $SUDO systemctl reload apache2 ;;
        *)       fail "unknown server $SERVER" ;;
    esac
    log "$SERVER reloaded"
}

smoke_test() {
    local code
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://localhost/$APP_DIR_NAME/") || code=000
    if [[ "$code" == 200 ]]; then
        log "lab app answering at http://localhost/$APP_DIR_NAME/"
    else
        log "lab app returned HTTP $code - check $SERVER error log"
    fi
}

unpack
seed_db
open_permissions
reload_server
smoke_test
