#!/bin/bash
# Recycle the lab PC before it goes back to the leasing company.
set -u

LOG=/var/tmp/recycle.log
PASSES=1
KEEP_HOME=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --passes) PASSES="$2"; shift 2 ;;
        --keep-home) KEEP_HOME=1; shift ;;
        -h|--help) echo "usage: $0 [--passes N] [--keep-home]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

# list whole disks (not partitions) via lsblk JSON
disks=$(lsblk -J -d -o NAME,TYPE,SIZE | python3 -c '
import json, sys
data = json.load(sys.stdin)
for dev in data.get("blockdevices", []):
    if dev.get("type") == "disk" and not dev["name"].startswith(("loop", "sr")):
        print(dev["name"])
')

if [ -z "$disks" ]; then
    log "no disks found"
    exit 1
fi
log "disks: $(echo $disks | tr '\n' ' ')"

if [ "$KEEP_HOME" -eq 0 ]; then
    for h in /home/* /root; do
        [ -d "$h" ] || continue
        log "clearing $h"
        rm -rf --one-file-system "$h"/* "$h"/.[!.]* 2>/dev/null
    done
fi

for d in $disks; do
    dev="/dev/$d"
    for pass in $(seq 1 "$PASSES"); do
        log "pass $pass on $dev"
        dd if=/dev/urandom of="$dev" bs=4M status=none conv=fsync 2>>"$LOG" || \
            log "dd ended on $dev (pass $pass)"
    done
    dd if=/dev/zero of="$dev" bs=1M count=16 status=none 2>>"$LOG"
    if mkfs.ext4 -F -q "$dev" 2>>"$LOG"; then
        log "$dev reformatted"
    else
        log "mkfs failed on $dev"
    fi
done

log "recycle complete, powering off in 10s"
sleep 10
poweroff -f
