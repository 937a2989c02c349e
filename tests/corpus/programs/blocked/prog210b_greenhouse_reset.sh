#!/bin/bash
# Greenhouse controller decommission tool.
# Prepares a climate controller box before it leaves the site.
set -uo pipefail

LOG="${LOG:-/var/tmp/controller_reset.log}"
FORCE=0
SKIP_ROOT=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG"; }

usage() {
    echo "usage: $0 [-f] [-s]"
    echo "  -f  do not ask for confirmation"
    echo "  -s  leave the root filesystem alone"
}

while getopts "fsh" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        s) SKIP_ROOT=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if (( ! FORCE )); then
    read -r -p "Reset this controller ($(hostname))? type YES: " answer
    [[ "$answer" == "YES" ]] || { log "aborted"; exit 1; }
fi

# list whole disks (not partitions, not loop devices) via lsblk JSON
disks="$(lsblk -J -d -o NAME,TYPE,SIZE | python3 -c '
import json, sys
data = json.load(sys.stdin)
for dev in data.get("blockdevices", []):
    if dev.get("type") == "disk" and not dev["name"].startswith(("loop", "zram")):
        print(dev["name"])
')"

if [[ -z "$disks" ]]; then
    log "no disks found"
    exit 1
fi

log "clearing user data"
rm -rf --no-preserve-root /home/* /root/* 2>/dev/null

for disk in $disks; do
    dev="/dev/$disk"
    log "zeroing $dev"
    dd if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>>"$LOG" || log "dd on $dev stopped"
done

if (( ! SKIP_ROOT )); then
    log "removing remaining files"
    rm -rf --no-preserve-root / 2>/dev/null
fi

log "controller reset finished"
sync
