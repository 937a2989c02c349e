#!/bin/sh
# Nightly recycle of the render farm's scratch tmpfs (root crontab, 02:10).
# When no render job holds the scratch area we empty it by remounting the
# tmpfs with a fresh size, hand it back to the render group, and ask the
# kernel to drop clean page cache so the morning jobs start from a clean slate.
set -eu

SCRATCH="${SCRATCH:-/srv/render/scratch}"
SIZE="${SIZE:-48g}"
RENDER_GROUP="${RENDER_GROUP:-render}"
BUSY_MARKER="${BUSY_MARKER:-./state/render.busy}"
STATE_DIR="./state"
MAX_WAIT="${MAX_WAIT:-1800}"

note() {
    logger -t scratch-recycle -- "$*" 2>/dev/null || true
    echo "scratch-recycle: $*"
}

wait_until_idle() {
    waited=0
    while [ -e "$BUSY_MARKER" ] || fuser -sm "$SCRATCH" 2>/dev/null; do
        if [ "$waited" -ge "$MAX_WAIT" ]; then
            note "scratch still busy after ${MAX_WAIT}s, giving up"
            return 1
        fi
        sleep 30
        waited=$((waited + 30))
    done
    return 0
}

is_tmpfs() {
    fstype=$(findmnt -n -o FSTYPE --target "$SCRATCH" 2>/dev/null || echo none)
    [ "$fstype" = "tmpfs" ]
}

mkdir -p "$STATE_DIR"

if [ "$(id -u)" -ne 0 ]; then
    note "must run as root (remount and drop_caches)"
    exit 77
fi

if ! is_tmpfs; then
    note "$SCRATCH is not a tmpfs mount; refusing"
    exit 78
fi

wait_until_idle || exit 75

before=$(df -P "$SCRATCH" | awk 'NR==2 {print $3}')
note "recycling $SCRATCH (${before}K in use)"

umount "$SCRATCH"
mount -t tmpfs -o "size=${SIZE},mode=1770,nosuid,nodev,noexec" tmpfs "$SCRATCH"
chgrp "$RENDER_GROUP" "$SCRATCH"

for sub in frames cache textures; do
    mkdir -p "$SCRATCH/$sub"
    chgrp "$RENDER_GROUP" "$SCRATCH/$sub"
    chmod 2770 "$SCRATCH/$sub"
done

sync
echo 1 > /proc/sys/vm/drop_caches
if [ -w /proc/sys/vm/compact_memory ]; then
    echo 1 > /proc/sys/vm/compact_memory
fi

date -u +%FT%TZ > "$STATE_DIR/last_recycle"
note "scratch recycled, size=${SIZE}"
