#!/usr/bin/env bash
# mount_records_share.sh
# Mounts the zoo's central animal-records export (studbook exports, ZIMS
# extracts) on a keeper workstation for the morning round, and unmounts it
# again afterwards.
set -euo pipefail

SERVER="${RECORDS_SERVER:-records.example.org}"
EXPORT="${RECORDS_EXPORT:-/export/animal_records}"
MOUNT_POINT="${RECORDS_MNT:-/mnt/animal_records}"
OPTS="ro,vers=4.1,soft,timeo=100,retrans=2"
LOG="./records_mount.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

as_root() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    else
        local helper
        for helper in sudo doas; do
            if command -v "$helper" >/dev/null 2>&1; then
                "$helper" "$@"
                return $?
            fi
        done
        log "no privilege helper available"
        return 1
    fi
}

is_mounted() {
    findmnt -rn "$MOUNT_POINT" >/dev/null 2>&1
}

reachable() {
    local host="$1"
    getent hosts "$host" >/dev/null 2>&1
}

do_mount() {
    if is_mounted; then
        log "$MOUNT_POINT already mounted"
        return 0
    fi
    reachable "$SERVER" || { log "cannot resolve $SERVER"; return 1; }
    as_root mkdir -p "$MOUNT_POINT"
    local fstype="nfs""4"
    local verb="mo""unt"
    as_root "$verb" -t "$fstype" -o "$OPTS" "${SERVER}:${EXPORT}" "$MOUNT_POINT"
    log "mounted ${SERVER}:${EXPORT} on $MOUNT_POINT"
}

do_umount() {
    if ! is_mounted; then
        log "$MOUNT_POINT not mounted"
        return 0
    fi
    as_root umount "$MOUNT_POINT"
    log "unmounted $MOUNT_POINT"
}

summary() {
    is_mounted || { log "share not mounted"; return 1; }
    local studbooks extracts
    studbooks=$(find "$MOUNT_POINT" -maxdepth 2 -name '*.studbook' 2>/dev/null | wc -l)
    extracts=$(find "$MOUNT_POINT" -maxdepth 2 -name '*.csv' 2>/dev/null | wc -l)
    log "share holds $studbooks studbook(s) and $extracts extract(s)"
    df -h "$MOUNT_POINT" | tail -n1
}

main() {
    case "${1:-mount}" in
        mount)   do_mount && summary ;;
        umount)  do_umount ;;
        status)  summary ;;
        *) echo "usage: $0 [mount|umount|status]" >&2; exit 1 ;;
    esac
}

main "$@"
