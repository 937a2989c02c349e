#!/usr/bin/env bash
# Field gateway maintenance for the dairy farm's sensor network.
#  - opens the MQTT port for the paddock LoRa bridges (field subnet only)
#  - mounts the rotating USB stick and offloads the collected sensor logs
# Run by the farm manager from the gateway's console.
set -euo pipefail

FIELD_SUBNET="${FIELD_SUBNET:-10.42.0.0/16}"
MQTT_PORT="${MQTT_PORT:-1883}"
USB_LABEL="${USB_LABEL:-FARMLOGS}"
MOUNT_POINT="/mnt/farmlogs"
SPOOL_DIR="${SPOOL_DIR:-$HOME/gateway/spool}"
KEEP_DAYS="${KEEP_DAYS:-14}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

ensure_mqtt_rule() {
    if sudo iptables -C INPUT -p tcp -s "$FIELD_SUBNET" --dport "$MQTT_PORT" -j ACCEPT 2>/dev/null; then
        log "MQTT rule already present"
        return
    fi
    sudo iptables -I INPUT 1 -p tcp -s "$FIELD_SUBNET" --dport "$MQTT_PORT" \
        -m comment --comment "lora-bridges" -j ACCEPT
    log "allowed $FIELD_SUBNET -> tcp/$MQTT_PORT"
}

find_stick() {
    local dev
    dev=$(blkid -L "$USB_LABEL" 2>/dev/null || true)
    if [ -z "$dev" ]; then
        log "no USB stick labelled $USB_LABEL"
        return 1
    fi
    echo "$dev"
}

mount_stick() {
    local dev="$1"
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted"
        return
    fi
    sudo mkdir -p "$MOUNT_POINT"
    sudo mount -o uid="$(id -u)",gid="$(id -g)",noexec "$dev" "$MOUNT_POINT"
    log "mounted $dev on $MOUNT_POINT"
}

offload() {
    local dest="$MOUNT_POINT/$(hostname -s)/$(date +%Y-%m)"
    mkdir -p "$dest"
    local count=0
    for f in "$SPOOL_DIR"/*.csv.gz; do
        [ -e "$f" ] || continue
        cp -n "$f" "$dest/"
        count=$((count + 1))
    done
    sync
    log "copied $count files to $dest"
    # spool files older than KEEP_DAYS have been offloaded at least once
    find "$SPOOL_DIR" -name '*.csv.gz' -mtime +"$KEEP_DAYS" -print -delete
}

unmount_stick() {
    sudo umount "$MOUNT_POINT" && log "stick can be removed"
}

main() {
    ensure_mqtt_rule
    if ! dev=$(find_stick); then
        log "skipping offload"
        exit 0
    fi
    mount_stick "$dev"
    trap unmount_stick EXIT
    offload
}

main "$@"
