#!/bin/bash
# Attach the preservation-masters share from the archive NAS so that the
# nightly backup job can copy new scans into it.
#
# Credentials are read once from masters-share.env in the current directory
# and stored in a root-only credentials file; the share is then mounted
# read-write under /mnt/masters with the backup user's uid/gid.
#
#   ./attach_masters_share.sh [attach|detach|status]

set -o errexit -o nounset -o pipefail

ENV_FILE="${MASTERS_ENV:-masters-share.env}"
NAS_HOST="archive-nas01.library.local"
SHARE="masters"
MOUNT_POINT="/mnt/masters"
CRED_FILE="/etc/samba/credentials/masters"
SMB_VERSION="3.0"

msg() { logger -t masters-share -- "$*" 2>/dev/null || true; echo "masters-share: $*"; }
fail() { msg "ERROR: $*"; exit 1; }

[[ -r "$ENV_FILE" ]] && . "./$ENV_FILE"

elevate() {
    if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo -- "$@"; fi
}

write_credentials() {
    [[ -n "${NAS_USER:-}" && -n "${NAS_PASS:-}" ]] || fail "NAS_USER/NAS_PASS missing from $ENV_FILE"
    elevate install -d -m 0700 "$(dirname "$CRED_FILE")"
    printf 'username=%s\npassword=%s\ndomain=%s\n' \
        "$NAS_USER" "$NAS_PASS" "${NAS_DOMAIN:-LIBRARY}" \
        | elevate tee "$CRED_FILE" >/dev/null
    elevate chmod 0600 "$CRED_FILE"
    msg "credentials stored in $CRED_FILE"
}

is_mounted() { findmnt -rn --target "$MOUNT_POINT" -t cifs >/dev/null 2>&1; }

attach() {
    if is_mounted; then msg "already attached"; return 0; fi
    command -v mount.cifs >/dev/null || fail "cifs-utils not installed"
    elevate test -f "$CRED_FILE" || write_credentials
    elevate mkdir -p "$MOUNT_POINT"
    local opts="credentials=$CRED_FILE,vers=$SMB_VERSION,uid=$(id -u),gid=$(id -g)"
    opts+=",file_mode=0640,dir_mode=0750,nobrl,serverino"
    local tries=0
    until elevate mount -t cifs "//$NAS_HOST/$SHARE" "$MOUNT_POINT" -o "$opts"; do
        tries=$((tries + 1))
        [[ $tries -ge 3 ]] && fail "could not mount //$NAS_HOST/$SHARE"
        msg "mount failed, retrying ($tries)"
        sleep $((tries * 10))
    done
    msg "attached //$NAS_HOST/$SHARE at $MOUNT_POINT"
    df -h "$MOUNT_POINT" | tail -n 1
}

detach() {
    if ! is_mounted; then msg "not attached"; return 0; fi
    sync
    elevate umount "$MOUNT_POINT" || elevate umount -l "$MOUNT_POINT"
    msg "detached"
}

status() {
    if is_mounted; then
        findmnt -n --target "$MOUNT_POINT"
        du -sh "$MOUNT_POINT" 2>/dev/null || true
    else
        echo "not attached"
        return 3
    fi
}

case "${1:-attach}" in
    attach) attach ;;
    detach) detach ;;
    status) status ;;
    *) echo "usage: $0 [attach|detach|status]" >&2; exit 2 ;;
esac
