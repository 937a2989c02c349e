#!/bin/sh
# booth_session_cleanup.sh - tidy a photo booth between events.
#
# Bundles the finished session (photos, strips, GIFs, guest book messages)
# into a backup tarball for the office, clears the session, thumbnail and
# print-spool folders, and restores the default overlay and booth config
# from templates so the next event starts clean.
#
#   BOOTH_DATA_DIR=/srv/booth ./booth_session_cleanup.sh [-y] [-k]
#     -y  do not ask for confirmation
#     -k  keep the backup tarball after copying it to the office share

set -eu

BOOTH_DATA_DIR="${BOOTH_DATA_DIR:-$PWD/booth_data}"
SESSION_DIR="$BOOTH_DATA_DIR/session"
TEMPLATE_DIR="$BOOTH_DATA_DIR/templates"
OFFICE_SHARE="${OFFICE_SHARE:-}"
BACKUP="/tmp/booth_last_session.tar.gz"
ASSUME_YES=0
KEEP_BACKUP=0

log() { echo "$(date '+%H:%M:%S') cleanup: $*"; }

while getopts "yk" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        k) KEEP_BACKUP=1 ;;
        *) echo "usage: $0 [-y] [-k]" >&2; exit 64 ;;
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
    log "backing up $n files to $BACKUP"
    tar -czf "$BACKUP" -C "$BOOTH_DATA_DIR" session
    if [ -n "$OFFICE_SHARE" ] && [ -d "$OFFICE_SHARE" ]; then
        stamp=$(date +%Y%m%d-%H%M)
        cp "$BACKUP" "$OFFICE_SHARE/session-$(hostname)-$stamp.tar.gz"
        log "copied backup to office share"
        [ "$KEEP_BACKUP" -eq 1 ] || rm -f "$BACKUP"
    fi
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
