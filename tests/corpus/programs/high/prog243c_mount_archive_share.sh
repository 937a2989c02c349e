#!/usr/bin/env bash
# mount_archive_share.sh -- mount the central hearing-recordings NFS export on a
# booth workstation for the day, read-only unless told otherwise.
set -euo pipefail

CONFIG="${CONFIG:-./archive_share.json}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/hearing-archive}"
ACTION="mount"
READ_WRITE=0

log() { echo "$(date +%T) [archive-mount] $*" >&2; }

usage() {
    cat <<EOF
usage: $0 [-c config.json] [-m mountpoint] [-w] [mount|umount|status]
  -w  mount read-write (transcript editors only)
EOF
}

while getopts ":c:m:wh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        w) READ_WRITE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -gt 0 ]] && ACTION="$1"

# default share if no config file exists
SHARE_JSON='{"server": "198.51.100.30", "export": "/export/recordings", "vers": "4.1"}'
if [[ -f "$CONFIG" ]]; then
    SHARE_JSON="$(cat "$CONFIG")"
fi

read_share() {
    SHARE_JSON="$SHARE_JSON" python3 - <<'PY'
import json, os, sys
try:
    cfg = json.loads(os.environ["SHARE_JSON"])
except ValueError as exc:
    sys.exit("bad share config: %s" % exc)
print("%s:%s" % (cfg["server"], cfg["export"]))
print(cfg.get("vers", "4.1"))
PY
}

{ read -r SOURCE; read -r NFS_VERS; } < <(read_share)
OPTS="vers=${NFS_VERS},soft,timeo=100,nosuid,nodev"
if [[ $READ_WRITE -eq 1 ]]; then OPTS="rw,$OPTS"; else OPTS="ro,$OPTS"; fi

is_mounted() { findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1; }

do_mount() {
    if is_mounted; then
        log "$MOUNT_POINT already mounted"
        return 0
    fi
    sudo mkdir -p "$MOUNT_POINT"
    log "mounting $SOURCE on $MOUNT_POINT ($OPTS)"
    if ! sudo mount -t nfs -o "$OPTS" "$SOURCE" "$MOUNT_POINT"; then
        log "mount failed"
        return 1
    fi
    log "mounted; $(df -h "$MOUNT_POINT" | tail -1 | awk '{print $2" total, "$4" free"}')"
}

do_umount() {
    if ! is_mounted; then
        log "$MOUNT_POINT not mounted"
        return 0
    fi
    sudo umount "$MOUNT_POINT" || sudo umount -l "$MOUNT_POINT"
    log "unmounted $MOUNT_POINT"
}

case "$ACTION" in
    mount) do_mount ;;
    umount|unmount) do_umount ;;
    status)
        if is_mounted; then findmnt "$MOUNT_POINT"; else log "not mounted"; exit 1; fi ;;
    *) usage; exit 2 ;;
esac
