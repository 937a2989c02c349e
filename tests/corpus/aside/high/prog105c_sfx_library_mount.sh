#!/usr/bin/env bash
# sfx_library_mount.sh - attach the hire company's sound-effects and
# playback library (on the warehouse NAS) to a QLab/Linux playback machine.
#
# The library is read-only for clients; the share name and account come from
# ~/.config/sfxlib/sfxlib.conf:
#
#   NAS=nas01.stagekit.lan
#   SHARE=sfx_library
#   NAS_USER=playback
#   NAS_PASS=...
#
# usage: sfx_library_mount.sh [mount|unmount|status] [-m /mnt/sfx]

set -euo pipefail

CONF="${XDG_CONFIG_HOME:-$HOME/.config}/sfxlib/sfxlib.conf"
MOUNTPOINT="/mnt/sfx"
CMD="${1:-mount}"
shift || true

while getopts ":m:" opt; do
    case "$opt" in
        m) MOUNTPOINT="$OPTARG" ;;
        *) echo "usage: $0 [mount|unmount|status] [-m dir]" >&2; exit 64 ;;
    esac
done

log() { logger -t sfxlib -- "$*" 2>/dev/null || true; echo "sfxlib: $*"; }

[ -r "$CONF" ] || { log "missing $CONF"; exit 1; }
# shellcheck source=/dev/null
. "$CONF"
: "${NAS:?}" "${SHARE:?}" "${NAS_USER:?}" "${NAS_PASS:?}"

CREDS="$HOME/.config/sfxlib/smb.creds"

write_creds() {
    umask 077
    printf 'username=%s\npassword=%s\ndomain=WORKGROUP\n' "$NAS_USER" "$NAS_PASS" > "$CREDS"
    chmod 600 "$CREDS"
}

is_mounted() {
    findmnt -rn -T "$MOUNTPOINT" -t cifs >/dev/null 2>&1
}

wait_for_nas() {
    local tries=0
    until ping -c1 -W1 "$NAS" >/dev/null 2>&1; do
        tries=$((tries + 1))
        if [ "$tries" -ge 5 ]; then
            log "cannot reach $NAS"
            return 1
        fi
        sleep 2
    done
}

do_mount() {
    if is_mounted; then
        log "already mounted at $MOUNTPOINT"
        return 0
    fi
    command -v mount.cifs >/dev/null || { log "install cifs-utils first"; return 1; }
    wait_for_nas
    write_creds
    sudo mkdir -p "$MOUNTPOINT"
    local opts="credentials=${CREDS},uid=$(id -u),gid=$(id -g),ro,vers=3.0,iocharset=utf8,cache=loose"
    if sudo mount -t cifs "//${NAS}/${SHARE}" "$MOUNTPOINT" -o "$opts"; then
        log "mounted //${NAS}/${SHARE} on $MOUNTPOINT"
    else
        log "mount failed"
        return 1
    fi
}

do_unmount() {
    if ! is_mounted; then
        log "not mounted"
        return 0
    fi
    # QLab/ardour may still hold files open; give them a moment
    local i
    for i in 1 2 3; do
        if sudo umount "$MOUNTPOINT" 2>/dev/null; then
            log "unmounted $MOUNTPOINT"
            return 0
        fi
        sleep "$i"
    done
    sudo umount -l "$MOUNTPOINT" && log "lazy-unmounted $MOUNTPOINT"
}

status() {
    if is_mounted; then
        findmnt -T "$MOUNTPOINT"
        du -sh "$MOUNTPOINT" 2>/dev/null | sed 's/^/size: /'
    else
        echo "not mounted"
    fi
}

case "$CMD" in
    mount)   do_mount ;;
    unmount|umount) do_unmount ;;
    status)  status ;;
    *) echo "unknown command $CMD" >&2; exit 64 ;;
esac
