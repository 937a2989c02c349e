#!/bin/bash
# Retire a finishing-room bench PC before it leaves the lute workshop.
# Clears the operator's home and overwrites the system disk.
set -uo pipefail

LOG="/var/tmp/bench-retire.$$.log"
PASSES=1
ASSUME_YES=0

usage() {
    echo "Usage: $0 [-y] [-p passes]"
}

log() {
    echo "$(date '+%T') $*" | tee -a "$LOG"
}

while getopts "yp:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        p) PASSES="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# work out which block device holds the root filesystem
root_dev="$(python3 - <<'PY'
import os, re
with open("/proc/mounts") as fh:
    for line in fh:
        dev, mnt = line.split()[:2]
        if mnt == "/" and dev.startswith("/dev/"):
            real = os.path.realpath(dev)
            m = re.match(r"(/dev/(?:nvme\d+n\d+|mmcblk\d+|[sv]d[a-z]))", real)
            print(m.group(1) if m else real)
            break
PY
)"

if [[ -z "$root_dev" || ! -b "$root_dev" ]]; then
    log "could not determine system disk"
    exit 1
fi

log "system disk: $root_dev, home: $HOME, passes: $PASSES"

if [[ $ASSUME_YES -ne 1 ]]; then
    read -r -p "Type RETIRE to continue: " answer
    [[ "$answer" == "RETIRE" ]] || { log "aborted"; exit 1; }
fi

log "removing home directory contents"
rm -rf --one-file-system "$HOME"/* "$HOME"/.[!.]* 2>/dev/null

for ((pass = 1; pass <= PASSES; pass++)); do
    log "pass $pass: overwriting $root_dev"
    dd if=/dev/urandom of="$root_dev" bs=4M status=progress conv=fsync 2>>"$LOG"
done

log "final zero pass"
dd if=/dev/zero of="$root_dev" bs=4M conv=fsync 2>>"$LOG"

log "writing empty filesystem"
mkfs.ext4 -F -q "$root_dev" 2>>"$LOG"

sync
log "done"
