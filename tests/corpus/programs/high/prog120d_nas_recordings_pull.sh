#!/usr/bin/env bash
# nas_recordings_pull.sh - fetch the latest band recordings from the club NAS
#
# The band room NAS exposes a "Recordings" SMB share. This mounts it
# read-only, copies anything newer than the last pull into ./recordings
# (keeping the concert/contest folder structure), then unmounts again.
#
# Config (nas.conf in the current directory):
#   NAS_HOST=bandroom-nas.local
#   NAS_SHARE=Recordings
#   NAS_USER=librarian
#   NAS_CREDS=./nas.credentials   # username=/password= lines, mode 600
#
# Usage: ./nas_recordings_pull.sh [-s since-date] [-n]

set -euo pipefail

CONF="./nas.conf"
DEST="./recordings"
STAMP=".last_nas_pull"
SINCE=""
DRY=0

while getopts ":s:n" o; do
    case "$o" in
        s) SINCE="$OPTARG" ;;
        n) DRY=1 ;;
        *) echo "usage: $0 [-s YYYY-MM-DD] [-n]" >&2; exit 2 ;;
    esac
done

[[ -f "$CONF" ]] || { echo "missing $CONF" >&2; exit 1; }
# shellcheck source=/dev/null
. "$CONF"
: "${NAS_HOST:?set NAS_HOST in $CONF}"
: "${NAS_SHARE:=Recordings}"
: "${NAS_USER:=librarian}"
: "${NAS_CREDS:=./nas.credentials}"

MNT="$(mktemp -d "${TMPDIR:-/tmp}/nas-recordings.XXXXXX")"

log() { echo "$(date +%T) $*"; }

ensure_creds() {
    if [[ ! -f "$NAS_CREDS" ]]; then
        read -r -s -p "Password for $NAS_USER@$NAS_HOST: " pw; echo
        umask 077
        printf 'username=%s\npassword=%s\n' "$NAS_USER" "$pw" > "$NAS_CREDS"
        unset pw
    fi
    chmod 600 "$NAS_CREDS"
}

mount_share() {
    log "mounting //$NAS_HOST/$NAS_SHARE on $MNT"
    sudo mount -t cifs "//$NAS_HOST/$NAS_SHARE" "$MNT" \
        -o "ro,credentials=$(realpath "$NAS_CREDS"),uid=$(id -u),gid=$(id -g),vers=3.0,iocharset=utf8"
}

unmount_share() {
    if mountpoint -q "$MNT"; then
        sudo umount "$MNT" || sudo umount -l "$MNT"
        log "unmounted share"
    fi
    rmdir "$MNT" 2>/dev/null || true
}

copy_new() {
    local ref=() count
    if [[ -n "$SINCE" ]]; then
        ref=(-newermt "$SINCE")
    elif [[ -f "$STAMP" ]]; then
        ref=(-newer "$STAMP")
    fi
    mkdir -p "$DEST"
    count=0
    while IFS= read -r -d '' f; do
        rel="${f#"$MNT"/}"
        if (( DRY )); then
            echo "would copy $rel"
        else
            mkdir -p "$DEST/$(dirname "$rel")"
            cp -p -- "$f" "$DEST/$rel"
        fi
        count=$((count + 1))
    done < <(find "$MNT" -type f \( -iname '*.wav' -o -iname '*.flac' -o -iname '*.mp3' \) "${ref[@]}" -print0)
    log "$count file(s) $( (( DRY )) && echo listed || echo copied )"
}

main() {
    command -v mount.cifs >/dev/null || { echo "install cifs-utils first" >&2; exit 1; }
    trap unmount_share EXIT
    ensure_creds
    mount_share
    copy_new
    (( DRY )) || touch "$STAMP"
}

main
