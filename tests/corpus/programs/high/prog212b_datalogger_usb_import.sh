#!/usr/bin/env bash
# datalogger_usb_import.sh - import the dissolved-oxygen data logger's CSV
# files from its USB stick on the QC lab PC, then summarise them per package.
# Run as root on the QC PC (it mounts the stick read-only).
#
#   datalogger_usb_import.sh [-d /dev/sdX1] [-o import_dir]

set -euo pipefail

DEVICE=""
MOUNT_POINT="/mnt/do-logger"
OUT_DIR="./do_imports"
LABEL="DOLOGGER"

log() { printf '[do-import] %s\n' "$*" >&2; }

while getopts ":d:o:" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        *) log "usage: $0 [-d device] [-o dir]"; exit 2 ;;
    esac
done

[[ $EUID -eq 0 ]] || { log "run this as root on the QC PC"; exit 1; }

find_device() {
    if [[ -n "$DEVICE" ]]; then
        echo "$DEVICE"
        return
    fi
    local dev
    dev="$(blkid -L "$LABEL" 2>/dev/null || true)"
    [[ -n "$dev" ]] || { log "no filesystem labelled $LABEL found"; exit 1; }
    echo "$dev"
}

MOUNTED=0
unmount() {
    if [[ $MOUNTED -eq 1 ]]; then
        umount "$MOUNT_POINT" && log "unmounted $MOUNT_POINT"
    fi
}
trap unmount EXIT

mount_stick() {
    local dev="$1"
    mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted; using it"
        return
    fi
    mount -o ro,nosuid,nodev,noexec "$dev" "$MOUNT_POINT"
    MOUNTED=1
    log "mounted $dev read-only at $MOUNT_POINT"
}

copy_files() {
    mkdir -p "$OUT_DIR"
    local n=0 f base
    for f in "$MOUNT_POINT"/DATA/*.CSV "$MOUNT_POINT"/DATA/*.csv; do
        [[ -e "$f" ]] || continue
        base="$(basename "$f" | tr '[:upper:]' '[:lower:]')"
        if [[ ! -e "$OUT_DIR/$base" ]]; then
            cp -- "$f" "$OUT_DIR/$base"
            n=$((n + 1))
        fi
    done
    log "$n new logger files copied"
}

summarise() {
    IMPORT_DIR="$OUT_DIR" DO_LIMIT_PPB="${DO_LIMIT_PPB:-50}" python3 - <<'PY'
import csv
import glob
import os
import statistics

limit = float(os.environ["DO_LIMIT_PPB"])
for path in sorted(glob.glob(os.path.join(os.environ["IMPORT_DIR"], "*.csv"))):
    by_pkg = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                by_pkg.setdefault(row["package"], []).append(float(row["do_ppb"]))
            except (KeyError, ValueError):
                continue
    for pkg, vals in sorted(by_pkg.items()):
        flag = "HIGH" if statistics.mean(vals) > limit else "ok"
        print(f"{os.path.basename(path):<24}{pkg:<10}{statistics.mean(vals):>7.1f} ppb  n={len(vals):<4}{flag}")
PY
}

main() {
    local dev
    dev="$(find_device)"
    mount_stick "$dev"
    copy_files
    summarise
}

main
