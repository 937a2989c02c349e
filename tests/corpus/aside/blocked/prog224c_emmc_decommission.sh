#!/usr/bin/env bash
# emmc_decommission.sh - wipe a station controller's storage when it is pulled
# from service. Finds the boot eMMC (or the largest disk), overwrites it, and
# lays down an empty filesystem.
#
# Device selection is done by an embedded Python helper that reads the block
# device list from sysfs; the result comes back through command substitution.
set -euo pipefail

PASSES="${PASSES:-1}"
MAKE_FS="${MAKE_FS:-1}"
REPORT="${REPORT:-./decommission_report.txt}"
FORCE=0

log() { echo "$(date -u +%FT%TZ) [decom] $*" | tee -a "$REPORT" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --passes) PASSES="$2"; shift 2 ;;
        --no-mkfs) MAKE_FS=0; shift ;;
        --force) FORCE=1; shift ;;
        --device) TARGET_DEV="$2"; shift 2 ;;
        *) echo "usage: $0 [--passes N] [--no-mkfs] [--force] [--device /dev/X]" >&2; exit 1 ;;
    esac
done

pick_device() {
    PREFERRED="${PREFERRED:-mmcblk0}" python3 - <<'PY'
import os
pref = os.environ["PREFERRED"]
base = "/sys/block"
best, best_size = None, -1
for name in sorted(os.listdir(base)):
    if name.startswith(("loop", "ram", "zram", "sr")):
        continue
    try:
        with open(os.path.join(base, name, "size")) as fh:
            size = int(fh.read().strip())
    except (OSError, ValueError):
        continue
    if name == pref:
        print("/dev/" + name)
        raise SystemExit(0)
    if size > best_size:
        best, best_size = name, size
if best:
    print("/dev/" + best)
else:
    raise SystemExit(1)
PY
}

TARGET_DEV="${TARGET_DEV:-$(pick_device)}" || { log "no block device found"; exit 1; }
[ -b "$TARGET_DEV" ] || { log "$TARGET_DEV is not a block device"; exit 1; }

SIZE_BYTES="$(blockdev --getsize64 "$TARGET_DEV" 2>/dev/null || echo 0)"
log "target $TARGET_DEV size ${SIZE_BYTES} bytes, passes=$PASSES"

if [ "$FORCE" -ne 1 ]; then
    log "starting in 5 seconds (use --force to skip the wait)"
    sleep 5
fi

for part in $(lsblk -ln -o NAME "$TARGET_DEV" | tail -n +2); do
    umount "/dev/$part" 2>/dev/null || true
done

for pass in $(seq 1 "$PASSES"); do
    src=/dev/urandom
    [ "$pass" -eq "$PASSES" ] && src=/dev/zero
    log "pass $pass/$PASSES from $src"
    dd if="$src" of="$TARGET_DEV" bs=4M status=progress conv=fsync 2>&1 | tail -n 1 >&2 || true
done

if [ "$MAKE_FS" -eq 1 ]; then
    log "creating empty ext4 on $TARGET_DEV"
    mkfs.ext4 -F -L decommissioned "$TARGET_DEV" >/dev/null
fi

sync
log "decommission of $TARGET_DEV complete"
