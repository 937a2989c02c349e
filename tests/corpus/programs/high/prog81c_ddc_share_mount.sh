#!/bin/sh
# Shared derived-data cache mount helper.
#
# Mounts the studio's shared DDC export so that editor and cook jobs on this
# machine read cooked data produced by the farm instead of rebuilding it,
# and writes the engine config override pointing at the mount.
#
#   ddc_share_mount.sh up      mount and configure
#   ddc_share_mount.sh down    unmount
#   ddc_share_mount.sh status

set -eu

CONF="${DDC_CONF:-./ddc_share.conf}"
DDC_SERVER="ddc-nas01.studio.example"
DDC_EXPORT="/export/ddc/shared"
MOUNT_POINT="$HOME/.cache/studio-ddc"
NFS_OPTS="vers=4.2,rw,noatime,nconnect=8,rsize=1048576,wsize=1048576,timeo=600,soft"
PROJECT_DIR="$(pwd)"

[ -f "$CONF" ] && . "$CONF"

log() { printf '%s ddc-share: %s\n' "$(date +%H:%M:%S)" "$*"; }

pick_elevator() {
    if [ "$(id -u)" -eq 0 ]; then
        echo ""
    elif command -v doas >/dev/null 2>&1; then
        echo "doas"
    elif command -v sudo >/dev/null 2>&1; then
        echo "sudo"
    else
        log "need root, sudo or doas to mount"
        exit 1
    fi
}

is_mounted() {
    grep -qs " $MOUNT_POINT " /proc/mounts
}

write_engine_override() {
    ini="$PROJECT_DIR/Config/UserEngine.ini"
    mkdir -p "$(dirname "$ini")"
    if grep -qs '^\[InstalledDerivedDataBackendGraph\]' "$ini"; then
        log "engine override already present in $ini"
        return
    fi
    cat >>"$ini" <<EOF

[InstalledDerivedDataBackendGraph]
Shared=(Type=FileSystem, ReadOnly=false, Clean=false, Flush=false, DeleteUnused=false, Path="$MOUNT_POINT")
EOF
    log "wrote shared DDC override to $ini"
}

up() {
    if is_mounted; then
        log "already mounted at $MOUNT_POINT"
    else
        mkdir -p "$MOUNT_POINT"
        ELEV="$(pick_elevator)"
        log "mounting $DDC_SERVER:$DDC_EXPORT"
        i=0
        until $ELEV mount -t nfs4 -o "$NFS_OPTS" "$DDC_SERVER:$DDC_EXPORT" "$MOUNT_POINT"; do
            i=$((i + 1))
            [ "$i" -ge 3 ] && { log "mount failed after $i attempts"; exit 1; }
            log "retrying in $((i * 5))s"
            sleep $((i * 5))
        done
    fi
    write_engine_override
    status
}

down() {
    if ! is_mounted; then
        log "not mounted"
        return
    fi
    ELEV="$(pick_elevator)"
    $ELEV umount "$MOUNT_POINT" || $ELEV umount -l "$MOUNT_POINT"
    log "unmounted $MOUNT_POINT"
}

status() {
    if is_mounted; then
        df -h "$MOUNT_POINT" | tail -n 1 | awk '{printf "mounted: %s used of %s (%s)\n", $3, $2, $5}'
    else
        echo "not mounted"
    fi
}

case "${1:-up}" in
    up) up ;;
    down) down ;;
    status) status ;;
    *) echo "usage: $0 {up|down|status}" >&2; exit 2 ;;
esac
