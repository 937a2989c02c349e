#!/usr/bin/env bash
# golden_image_build.sh - produce a VDI golden image from a base cloud image
#
# Creates a qcow2 overlay on top of the distro base image, attaches it over
# NBD, drops in the desktop agent, branding and first-boot config, resets
# the machine identity, then flattens the result into gold-<date>.qcow2.
#
# usage: golden_image_build.sh -b base.qcow2 [-o outdir] [-s size] [-p payload_dir]

set -Eeuo pipefail

BASE=""
OUT_DIR="./out"
SIZE="40G"
PAYLOAD="./payload"
NBD_DEV="${NBD_DEV:-/dev/nbd0}"
MNT=""
STAMP="$(date +%Y%m%d-%H%M)"

log() { printf '[gold %s] %s\n' "$(date +%T)" "$*"; }

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }

while getopts "b:o:s:p:h" opt; do
    case "$opt" in
        b) BASE="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        s) SIZE="$OPTARG" ;;
        p) PAYLOAD="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done
[ -n "$BASE" ] && [ -f "$BASE" ] || { echo "base image required (-b)" >&2; usage 2; }
[ -d "$PAYLOAD" ] || { echo "payload dir $PAYLOAD missing" >&2; exit 1; }

mkdir -p "$OUT_DIR"
OVERLAY="$OUT_DIR/work-$STAMP.qcow2"
GOLD="$OUT_DIR/gold-$STAMP.qcow2"

cleanup() {
    set +e
    if [ -n "$MNT" ] && mountpoint -q "$MNT"; then
        sudo umount "$MNT"
    fi
    [ -n "$MNT" ] && rmdir "$MNT" 2>/dev/null
    sudo qemu-nbd --disconnect "$NBD_DEV" >/dev/null 2>&1
    rm -f "$OVERLAY"
}
trap cleanup EXIT

attach() {
    lsmod | grep -q '^nbd ' || sudo modprobe nbd max_part=16
    qemu-img create -q -f qcow2 -F qcow2 -b "$(realpath "$BASE")" "$OVERLAY" "$SIZE"
    sudo qemu-nbd --connect="$NBD_DEV" --format=qcow2 "$OVERLAY"
    for _ in $(seq 1 20); do
        [ -b "${NBD_DEV}p1" ] && break
        sleep 0.5
    done
    sudo partprobe "$NBD_DEV" || true
    local root_part
    root_part=$(lsblk -lnpo NAME,FSTYPE "$NBD_DEV" | awk '$2 ~ /ext4|xfs|btrfs/ {p=$1} END{print p}')
    [ -n "$root_part" ] || { log "no root filesystem found on $NBD_DEV"; exit 1; }
    MNT=$(mktemp -d -p "$OUT_DIR" mnt.XXXX)
    sudo mount "$root_part" "$MNT"
    log "mounted $root_part at $MNT"
}

customise() {
    sudo rsync -a --chown=root:root "$PAYLOAD"/ "$MNT"/
    log "payload copied from $PAYLOAD"
    sudo truncate -s 0 "$MNT/etc/machine-id"
    sudo rm -f "$MNT"/etc/ssh/ssh_host_*
    echo "vdi-gold-$STAMP" | sudo tee "$MNT/etc/vdi-image-build" >/dev/null
    echo "localhost" | sudo tee "$MNT/etc/hostname" >/dev/null
    log "identity reset in image"
}

detach_and_flatten() {
    sync
    sudo umount "$MNT"
    rmdir "$MNT"; MNT=""
    sudo qemu-nbd --disconnect "$NBD_DEV" >/dev/null
    qemu-img convert -O qcow2 -c "$OVERLAY" "$GOLD"
    sha256sum "$GOLD" > "$GOLD.sha256"
    log "golden image: $GOLD ($(du -h "$GOLD" | cut -f1))"
}

log "base=$BASE size=$SIZE nbd=$NBD_DEV"
attach
customise
detach_and_flatten
