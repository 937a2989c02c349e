#!/usr/bin/env bash
# downhole_camera_offload.sh
#
# Copy borehole inspection footage off the downhole camera's SD card into the
# job folder, renaming clips by job number and depth marker, then unmount the
# card so it can go straight back in the camera reel.
#
# The camera writes an exFAT card with DCIM/100CAM/*.MP4 and a depth.csv of
# the depth counter at each clip start.
#
#   downhole_camera_offload.sh -j JOB_NO [-d /dev/sdX1] [-o ~/jobs]

set -uo pipefail

JOB=""
DEVICE=""
OUT_ROOT="$HOME/jobs"
MNT="/mnt/bhcam"
LOG="./camera_offload.log"

log() { echo "$(date '+%H:%M:%S') $*" | tee -a "$LOG" >&2; }
fail() { log "ERROR: $*"; exit 1; }

while getopts "j:d:o:h" opt; do
    case $opt in
        j) JOB="$OPTARG" ;;
        d) DEVICE="$OPTARG" ;;
        o) OUT_ROOT="$OPTARG" ;;
        h|*) echo "usage: $0 -j JOB_NO [-d DEVICE] [-o OUTDIR]" >&2; exit 64 ;;
    esac
done
[ -n "$JOB" ] || fail "job number required (-j)"

find_card() {
    # newest removable partition with an exFAT/vfat filesystem
    lsblk -rpno NAME,RM,FSTYPE | awk '$2==1 && ($3=="exfat" || $3=="vfat") {d=$1} END {print d}'
}

mount_card() {
    [ -n "$DEVICE" ] || DEVICE="$(find_card)"
    [ -b "$DEVICE" ] || fail "no camera card found (pass -d /dev/sdX1)"
    log "mounting $DEVICE at $MNT"
    sudo mkdir -p "$MNT"
    if ! mountpoint -q "$MNT"; then
        sudo mount -o ro,uid="$(id -u)",gid="$(id -g)" "$DEVICE" "$MNT" \
            || fail "mount of $DEVICE failed"
    fi
}

release_card() {
    if mountpoint -q "$MNT"; then
        sync
        sudo umount "$MNT" && log "card unmounted, ok to remove"
    fi
}
trap release_card EXIT

depth_for() {
    # depth.csv: clip,start_depth_m
    local clip="$1"
    awk -F, -v c="$clip" '$1==c {printf "%06.2f", $2}' "$MNT/depth.csv" 2>/dev/null
}

copy_clips() {
    local dest="$OUT_ROOT/$JOB/camera" n=0 clip base depth target
    mkdir -p "$dest"
    for clip in "$MNT"/DCIM/*/*.MP4; do
        [ -e "$clip" ] || continue
        base="$(basename "$clip" .MP4)"
        depth="$(depth_for "$base")"
        target="$dest/${JOB}_${depth:-nodepth}m_${base}.mp4"
        if [ -f "$target" ] && cmp -s "$clip" "$target"; then
            continue
        fi
        cp --preserve=timestamps "$clip" "$target" || { log "copy failed: $clip"; continue; }
        n=$((n + 1))
    done
    [ -f "$MNT/depth.csv" ] && cp "$MNT/depth.csv" "$dest/${JOB}_depth.csv"
    (cd "$dest" && sha256sum -- *.mp4 > SHA256SUMS 2>/dev/null)
    log "copied $n new clip(s) to $dest"
}

mount_card
copy_clips
