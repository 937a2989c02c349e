#!/usr/bin/env bash
# scorecard_nas_mount.sh - attach the club NAS share holding scanned scorecards
# and tournament results to the pro-shop workstation.
#
# The scanning station drops PDFs on \\clubnas\scorecards; the handicap chair
# reviews them from the pro shop. Reads server/share/user from a small config
# and the password from a credentials file kept next to it.
#
#   scorecard_nas_mount.sh [mount|umount|status] [-c scorecards.conf]
#
set -euo pipefail

ACTION="mount"
CONF="./scorecards.conf"
NAS_HOST="clubnas.local"
NAS_SHARE="scorecards"
MOUNT_POINT="/mnt/scorecards"
CRED_FILE="./scorecards.cred"
SMB_VERS="3.0"

info() { echo "[scorecards] $*"; }
fail() { echo "[scorecards] $*" >&2; exit 1; }

if [ $# -gt 0 ] && [[ "$1" != -* ]]; then
    ACTION="$1"; shift
fi
while getopts "c:h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

# shellcheck disable=SC1090
[ -f "$CONF" ] && . "$CONF"

if [ "$EUID" -ne 0 ]; then
    CONF="$(readlink -f "$CONF")"
    exec sudo --preserve-env=CONF "$0" "$ACTION" -c "$CONF"
fi

CRED_FILE="$(readlink -f "$CRED_FILE")"
OWNER_UID="$(stat -c %u "$CRED_FILE" 2>/dev/null || echo 1000)"
OWNER_GID="$(stat -c %g "$CRED_FILE" 2>/dev/null || echo 1000)"

is_mounted() { findmnt -rn -T "$MOUNT_POINT" -t cifs >/dev/null 2>&1; }

do_mount() {
    if is_mounted; then
        info "already mounted at $MOUNT_POINT"
        return 0
    fi
    [ -r "$CRED_FILE" ] || fail "credentials file $CRED_FILE missing"
    command -v mount.cifs >/dev/null || fail "cifs-utils not installed"
    if ! getent hosts "$NAS_HOST" >/dev/null; then
        fail "cannot resolve $NAS_HOST"
    fi
    mkdir -p "$MOUNT_POINT"
    local opts="credentials=$CRED_FILE,vers=$SMB_VERS,uid=$OWNER_UID,gid=$OWNER_GID"
    opts+=",file_mode=0640,dir_mode=0750,iocharset=utf8,nofail,_netdev"
    local tries=0
    until mount -t cifs "//$NAS_HOST/$NAS_SHARE" "$MOUNT_POINT" -o "$opts"; do
        tries=$((tries + 1))
        [ "$tries" -ge 3 ] && fail "mount failed after $tries attempts"
        info "mount attempt $tries failed, retrying"
        sleep 5
    done
    info "mounted //$NAS_HOST/$NAS_SHARE at $MOUNT_POINT"
}

do_umount() {
    if ! is_mounted; then
        info "not mounted"
        return 0
    fi
    umount "$MOUNT_POINT" || umount -l "$MOUNT_POINT"
    info "unmounted $MOUNT_POINT"
}

do_status() {
    if is_mounted; then
        findmnt -T "$MOUNT_POINT"
        df -h "$MOUNT_POINT" | tail -n1
        info "$(find "$MOUNT_POINT" -maxdepth 2 -name '*.pdf' -mtime -7 | wc -l) scorecards scanned in the last week"
    else
        info "not mounted"
        return 1
    fi
}

case "$ACTION" in
    mount) do_mount ;;
    umount|unmount) do_umount ;;
    status) do_status ;;
    *) fail "unknown action $ACTION" ;;
esac
