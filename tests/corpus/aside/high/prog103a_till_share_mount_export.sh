#!/usr/bin/env bash
# till_share_mount_export.sh -- collect bar till exports from the till PC.
#
# The snooker hall's till PC (Windows) drops a CSV per trading day into its
# "Exports" share. This attaches that share on the office Linux box, copies
# any days we don't have yet into ./till-exports, checks them, and detaches.
#
# Credentials live in ~/.till-share.cred (username=, password=, domain=),
# mode 600.
#
# usage: till_share_mount_export.sh [-s //host/share] [-d destdir] [-k]

set -euo pipefail

SHARE="//192.168.50.20/Exports"
MNT="/mnt/till-exports"
DEST="./till-exports"
CRED="$HOME/.till-share.cred"
KEEP_MOUNTED=0

usage() { sed -n '2,12p' "$0"; exit "${1:-0}"; }
log() { logger -t till-export "$*" 2>/dev/null || true; echo "$*"; }

while getopts "s:d:kh" opt; do
    case "$opt" in
        s) SHARE="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

[[ -r "$CRED" ]] || { echo "missing $CRED" >&2; exit 1; }
if [[ "$(stat -c %a "$CRED")" != "600" ]]; then
    chmod 0600 "$CRED"
fi

attach() {
    if mountpoint -q "$MNT"; then
        log "$MNT already mounted"
        return
    fi
    sudo mkdir -p "$MNT"
    sudo mount -t cifs "$SHARE" "$MNT" \
        -o "credentials=$CRED,ro,uid=$(id -u),gid=$(id -g),vers=3.0,iocharset=utf8"
    log "mounted $SHARE on $MNT"
}

detach() {
    if [[ "$KEEP_MOUNTED" -eq 0 ]] && mountpoint -q "$MNT"; then
        sudo umount "$MNT" && log "unmounted $MNT"
    fi
}

check_csv() {
    local f="$1"
    head -1 "$f" | grep -q '^Date;PLU;Description;Qty;Gross' || return 1
    [[ "$(wc -l < "$f")" -gt 1 ]]
}

copy_new() {
    local copied=0 bad=0 src name
    mkdir -p "$DEST"
    shopt -s nullglob
    for src in "$MNT"/sales_*.csv; do
        name="$(basename "$src")"
        [[ -e "$DEST/$name" ]] && continue
        if check_csv "$src"; then
            cp -p "$src" "$DEST/$name"
            copied=$((copied + 1))
        else
            log "skipping malformed $name"
            bad=$((bad + 1))
        fi
    done
    log "copied $copied new export(s), $bad skipped"
}

trap detach EXIT
attach
copy_new
ls -1 "$DEST" | tail -3
