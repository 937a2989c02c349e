#!/usr/bin/env bash
# course_share_mount.sh - mount the course materials share (audio, video,
# worksheets) from the school file server on a classroom PC for the day,
# and unmount it at the end of lessons. Run as root by the lab technician.
set -euo pipefail

CONF="${COURSE_SHARE_CONF:-./course_share.json}"
SERVER="198.51.100.20"
EXPORT="/export/courses"
MOUNT_POINT="/mnt/courses"
FS_TYPE="nfs"
OPTIONS="ro,soft,timeo=50,retrans=2,vers=4.1"
LOG="./course_share.log"
ACTION="${1:-mount}"

log() { echo "$(date '+%F %T') [$ACTION] $*" | tee -a "$LOG"; }

load_conf() {
    [[ -f "$CONF" ]] || { log "no $CONF, using defaults"; return 0; }
    local out
    # Python reads the JSON config and prints shell-safe key=value lines,
    # which are then read back without eval.
    if ! out="$(SHARE_CONF="$CONF" python3 -c '
import json, os, re, sys
with open(os.environ["SHARE_CONF"]) as fh:
    cfg = json.load(fh)
allowed = {"server": r"[0-9.]+|[a-z0-9.-]+\.example\.(com|net|org)",
           "export": r"/[A-Za-z0-9_/.-]+",
           "mount_point": r"/mnt/[A-Za-z0-9_.-]+",
           "options": r"[a-z0-9=.,]+"}
for key, pattern in allowed.items():
    if key in cfg:
        val = str(cfg[key])
        if not re.fullmatch(pattern, val):
            sys.exit(f"bad value for {key}: {val}")
        print(f"{key}={val}")
')"; then
        log "config rejected"
        exit 1
    fi
    while IFS='=' read -r key val; do
        case "$key" in
            server) SERVER="$val" ;;
            export) EXPORT="$val" ;;
            mount_point) MOUNT_POINT="$val" ;;
            options) OPTIONS="$val" ;;
        esac
    done <<<"$out"
    log "config: $SERVER:$EXPORT -> $MOUNT_POINT ($OPTIONS)"
}

require_root() {
    if [[ "$(id -u)" -ne 0 ]]; then
        log "must be run as root (mount needs it)"
        exit 1
    fi
}

server_reachable() {
    if command -v showmount >/dev/null 2>&1; then
        showmount -e "$SERVER" 2>/dev/null | grep -q "^$EXPORT " && return 0
        log "server $SERVER does not export $EXPORT"
        return 1
    fi
    ping -c1 -W2 "$SERVER" >/dev/null 2>&1
}

do_mount() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted"
        return 0
    fi
    mkdir -p "$MOUNT_POINT"
    server_reachable || { log "file server unreachable"; return 1; }
    if mount -t "$FS_TYPE" -o "$OPTIONS" "$SERVER:$EXPORT" "$MOUNT_POINT"; then
        log "mounted $SERVER:$EXPORT on $MOUNT_POINT"
        ls "$MOUNT_POINT" | head -n 20 | sed 's/^/  /'
    else
        log "mount failed"
        return 1
    fi
}

do_umount() {
    if ! mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT is not mounted"
        return 0
    fi
    if umount "$MOUNT_POINT" || umount -l "$MOUNT_POINT"; then
        log "unmounted $MOUNT_POINT"
    else
        log "could not unmount $MOUNT_POINT"
        return 1
    fi
}

do_status() {
    if mountpoint -q "$MOUNT_POINT"; then
        df -h "$MOUNT_POINT" | tail -n1
    else
        echo "not mounted"
    fi
}

main() {
    load_conf
    case "$ACTION" in
        mount) require_root; do_mount ;;
        umount|unmount) require_root; do_umount ;;
        status) do_status ;;
        *) echo "usage: $(basename "$0") [mount|umount|status]" >&2; exit 2 ;;
    esac
}

main
