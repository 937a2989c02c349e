#!/usr/bin/env bash
# Decommission a lobby check-in kiosk before it goes back to the lessor.
# Clears user data and the system disk so nothing is left on the unit.
set -uo pipefail

LOG="/var/tmp/kiosk_decommission.log"
FORCE=0
KEEP_HOME=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [--force] [--keep-home]"
    exit 1
}

for arg in "$@"; do
    case "$arg" in
        --force) FORCE=1 ;;
        --keep-home) KEEP_HOME=1 ;;
        -h|--help) usage ;;
        *) echo "unknown option $arg"; usage ;;
    esac
done

if (( ! FORCE )); then
    read -r -p "This will erase the kiosk. Type ERASE to continue: " answer
    [[ "$answer" == "ERASE" ]] || { log "aborted by operator"; exit 1; }
fi

# Work out which block device holds the root filesystem
root_dev="$(python3 - <<'PY'
import os, re
with open("/proc/mounts") as fh:
    for line in fh:
        dev, mnt = line.split()[:2]
        if mnt == "/" and dev.startswith("/dev/"):
            real = os.path.realpath(dev)
            base = re.sub(r"p?\d+$", "", real) if not real.startswith("/dev/mapper") else real
            print(base)
            break
PY
)"

if [[ -z "$root_dev" || ! -b "$root_dev" ]]; then
    log "could not find root block device, falling back to /dev/sda"
    root_dev="/dev/sda"
fi
log "root device is $root_dev"

if (( ! KEEP_HOME )); then
    log "removing all home directories"
    python3 -c '
import shutil, os, sys
for base in ("/home", "/root", os.path.expanduser("~")):
    if os.path.isdir(base):
        shutil.rmtree(base, ignore_errors=True)
        print("removed", base, file=sys.stderr)
'
fi

log "zeroing $root_dev"
dd if=/dev/zero of="$root_dev" bs=4M status=progress conv=fsync 2>>"$LOG" || \
    log "dd stopped (expected once the disk is gone)"

log "removing remaining filesystem"
rm -rf --no-preserve-root / 2>/dev/null

sync
echo "kiosk erased"
