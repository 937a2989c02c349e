#!/usr/bin/env bash
# lighting_desk_ftp_pull.sh - nightly copy of show files off the lighting desk
#
# The desk in the main house exposes its show folder over FTP on the
# technical VLAN. This pulls every show file, packs them into a dated
# tarball and keeps the last $KEEP backups.
#
# Config (optional): ./desk-backup.conf
#   DESK_HOST=10.20.0.5  DESK_USER=tech  DESK_PASS=...  DESK_DIR=/shows
#   BACKUP_ROOT=./desk-backups  KEEP=14
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CONF="${DESK_BACKUP_CONF:-$SCRIPT_DIR/desk-backup.conf}"

DESK_HOST=10.20.0.5
DESK_USER=tech
DESK_PASS=
DESK_DIR=/shows
BACKUP_ROOT="$SCRIPT_DIR/desk-backups"
KEEP=14
EXTENSIONS="esf|show|asc|d4"

log() { printf '[%s] %s\n' "$(date '+%F %T')" "$*"; }
fail() { log "ERROR: $*"; exit 1; }

[[ -r "$CONF" ]] && source "$CONF"
[[ -n "$DESK_PASS" ]] || DESK_PASS=$(cat "$SCRIPT_DIR/.desk-pass" 2>/dev/null || true)

STAMP=$(date +%Y%m%d-%H%M)
WORK="$BACKUP_ROOT/.incoming-$STAMP"

cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT

desk_reachable() {
    local tries=0
    until curl -s --max-time 5 --user "$DESK_USER:$DESK_PASS" "ftp://$DESK_HOST/" -o /dev/null; do
        tries=$((tries + 1))
        [[ $tries -ge 3 ]] && return 1
        log "desk not answering, retry $tries"
        sleep 10
    done
}

list_show_files() {
    curl -s --max-time 30 --list-only --user "$DESK_USER:$DESK_PASS" "ftp://$DESK_HOST$DESK_DIR/" \
        | tr -d '\r' | grep -Ei "\.($EXTENSIONS)\$" || true
}

pull_files() {
    local count=0 name
    mkdir -p "$WORK"
    while IFS= read -r name; do
        [[ -n "$name" ]] || continue
        if curl -s --max-time 120 --user "$DESK_USER:$DESK_PASS" \
                "ftp://$DESK_HOST$DESK_DIR/$name" -o "$WORK/$name"; then
            count=$((count + 1))
        else
            log "failed to fetch $name"
        fi
    done < <(list_show_files)
    echo "$count"
}

pack() {
    local dest="$1/desk-$STAMP.tar.gz"
    tar -czf "$dest" -C "$WORK" .
    sha256sum "$dest" > "$dest.sha256"
    log "wrote $dest ($(du -h "$dest" | cut -f1))"
}

prune() {
    local dir="$1"
    ls -1t "$dir"/desk-*.tar.gz 2>/dev/null | tail -n +$((KEEP + 1)) | while read -r old; do
        log "pruning $old"
        rm -f "$old" "$old.sha256"
    done
}

main() {
    mkdir -p "$BACKUP_ROOT"
    log "backing up $DESK_HOST:$DESK_DIR to $BACKUP_ROOT"
    desk_reachable || fail "desk $DESK_HOST unreachable (is it powered on?)"
    n=$(pull_files)
    [[ "$n" -gt 0 ]] || fail "no show files found in $DESK_DIR"
    log "pulled $n show files"
    pack "$BACKUP_ROOT"
    prune "$BACKUP_ROOT"
    log "done"
}

main "$@"
