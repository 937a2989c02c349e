#!/usr/bin/env bash
# tvm_usb_journal_pull.sh - copy the sales journals off a ticket machine's
# USB data stick at the depot bench and summarise them.
# The stick is mounted read-only, journals are copied into ./journals/<serial>,
# then the stick is unmounted again.

set -euo pipefail

DEVICE="${1:-/dev/sdb1}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/tvm_usb}"
DEST_ROOT="./journals"
FSTYPE="${FSTYPE:-vfat}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

cleanup() {
    if mountpoint -q "$MOUNT_POINT"; then
        umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}
trap cleanup EXIT

if [[ $EUID -ne 0 ]]; then
    log "mounting needs root; run on the bench PC as root"
    exit 1
fi

if [[ ! -b "$DEVICE" ]]; then
    log "no block device at $DEVICE - is the stick inserted?"
    exit 1
fi

mount_stick() {
    mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already in use"
        exit 1
    fi
    mount -t "$FSTYPE" -o ro,noexec,nosuid,nodev "$DEVICE" "$MOUNT_POINT"
    log "mounted $DEVICE on $MOUNT_POINT (read-only)"
}

read_serial() {
    local f="$MOUNT_POINT/TVM.ID"
    if [[ -r "$f" ]]; then
        tr -cd 'A-Za-z0-9-' < "$f"
    else
        echo "unknown-$(date +%s)"
    fi
}

copy_journals() {
    local serial="$1" dest="$DEST_ROOT/$serial"
    mkdir -p "$dest"
    find "$MOUNT_POINT/journal" -maxdepth 1 -type f -name '*.jrn' \
        -exec cp -p {} "$dest/" \; 2>/dev/null || true
    ls "$dest" | wc -l
}

summarise() {
    local dest="$1"
    JRN_DIR="$dest" python3 - <<'PYEOF'
import os, glob, collections
totals = collections.Counter()
counts = collections.Counter()
bad = 0
for path in sorted(glob.glob(os.path.join(os.environ["JRN_DIR"], "*.jrn"))):
    with open(path, encoding="ascii", errors="replace") as fh:
        for line in fh:
            parts = line.rstrip("\n").split(";")
            if len(parts) < 4:
                bad += 1
                continue
            _ts, product, qty, cents = parts[:4]
            try:
                counts[product] += int(qty)
                totals[product] += int(cents)
            except ValueError:
                bad += 1
for product in sorted(totals):
    print(f"{product:<20} {counts[product]:>6} tickets  {totals[product]/100:>10.2f}")
print(f"malformed lines: {bad}")
PYEOF
}

main() {
    mount_stick
    local serial n
    serial="$(read_serial)"
    log "ticket machine serial: $serial"
    n="$(copy_journals "$serial")"
    log "copied $n journal files"
    summarise "$DEST_ROOT/$serial" | tee "$DEST_ROOT/$serial/summary.txt"
}

main
