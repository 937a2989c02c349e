#!/usr/bin/env bash
# usb_pass_import.sh - import a batch of pre-sold season passes from the
# USB stick the sales office hands to the ticket window each morning.
#
#   usb_pass_import.sh [-d DEVICE] [-o OUTDIR]
#
# The stick is mounted read-only, the CSV is validated and copied into the
# local import queue, then the stick is unmounted again.

set -euo pipefail

DEVICE="/dev/sdb1"
MNT="/mnt/passimport"
OUTDIR="./import_queue"
MOUNTED=0

log() { echo "$(date '+%T') pass-import: $*"; }

while getopts ":d:o:" opt; do
    case "$opt" in
        d) DEVICE="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        *) echo "usage: $0 [-d DEVICE] [-o OUTDIR]" >&2; exit 1 ;;
    esac
done

cleanup() {
    if (( MOUNTED )); then
        sudo umount "$MNT" && log "unmounted $MNT"
    fi
}
trap cleanup EXIT

mount_stick() {
    [[ -b "$DEVICE" ]] || { log "no block device $DEVICE"; exit 2; }
    sudo mkdir -p "$MNT"
    sudo mount -o ro,nosuid,nodev,noexec "$DEVICE" "$MNT"
    MOUNTED=1
    log "mounted $DEVICE on $MNT (read-only)"
}

validate() {
    local csv="$1"
    PASS_CSV="$csv" python3 - <<'PY'
import csv, os, re, sys
path = os.environ["PASS_CSV"]
need = {"card_uid", "holder", "pass_type", "valid_from", "valid_to"}
uid_re = re.compile(r"^[0-9A-F]{8,14}$")
bad = ok = 0
with open(path, newline="", encoding="utf-8") as fh:
    rd = csv.DictReader(fh)
    missing = need - set(rd.fieldnames or [])
    if missing:
        print("missing columns:", ", ".join(sorted(missing)), file=sys.stderr)
        sys.exit(3)
    for row in rd:
        if uid_re.match(row["card_uid"].upper()) and row["valid_from"] <= row["valid_to"]:
            ok += 1
        else:
            bad += 1
print(f"{ok} {bad}")
sys.exit(0 if bad == 0 else 4)
PY
}

import_files() {
    local f counts n=0
    mkdir -p "$OUTDIR"
    shopt -s nullglob
    for f in "$MNT"/passes_*.csv; do
        if counts="$(validate "$f")"; then
            cp -- "$f" "$OUTDIR/$(date +%Y%m%d)-$(basename "$f")"
            log "queued $(basename "$f"): ${counts%% *} passes"
            n=$((n + 1))
        else
            log "rejected $(basename "$f") (valid/invalid: ${counts:-?})"
        fi
    done
    log "$n file(s) queued in $OUTDIR"
}

mount_stick
import_files
