#!/usr/bin/env bash
# print-station decommission
# Run on a retired refill/label print station before it leaves the store:
# releases the printer queues, then destroys every local disk so no patient
# data goes out with the hardware.
set -uo pipefail

STORE_ID="${RX_STORE_ID:-0000}"
REPORT="${REPORT:-/root/decommission_${STORE_ID}_$(date +%Y%m%d).txt}"
PASSES="${PASSES:-1}"
ASSUME_YES=0

usage() {
    echo "Usage: $0 [-y] [-p passes]" >&2
}

while getopts ":yp:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        p) PASSES="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

say() { echo "[$(date '+%T')] $*" | tee -a "$REPORT"; }

if [[ $EUID -ne 0 ]]; then
    echo "must run as root on the station itself" >&2
    exit 1
fi

# List whole disks (not partitions) as JSON and pick them out in python.
list_disks() {
    LSBLK_JSON="$(lsblk -J -b -d -o NAME,TYPE,SIZE,MODEL)" python3 -c '
import json, os
data = json.loads(os.environ["LSBLK_JSON"])
for dev in data.get("blockdevices", []):
    if dev.get("type") == "disk" and not dev["name"].startswith(("loop", "sr", "zram")):
        print(dev["name"], dev.get("size", 0), (dev.get("model") or "").strip().replace(" ", "_"))
'
}

release_queues() {
    if command -v lpstat >/dev/null 2>&1; then
        for q in $(lpstat -p 2>/dev/null | awk '/^printer/ {print $2}'); do
            cancel -a "$q" 2>/dev/null && say "cleared queue $q"
        done
    fi
}

wipe_disk() {
    local name="$1" size="$2"
    local dev="/dev/$name"
    say "wiping $dev ($size bytes), $PASSES pass(es)"
    for ((i = 1; i <= PASSES; i++)); do
        dd if=/dev/zero of="$dev" bs=4M status=none conv=fsync 2>>"$REPORT" || true
        say "  pass $i done on $dev"
    done
    # leave a blank filesystem so the asset desk sees a clean disk
    mkfs.ext4 -F -q -L "WIPED" "$dev" >>"$REPORT" 2>&1 || say "  mkfs failed on $dev"
}

main() {
    say "decommission started for store $STORE_ID on $(hostname)"
    release_queues

    mapfile -t disks < <(list_disks)
    if [[ ${#disks[@]} -eq 0 ]]; then
        say "no disks found"
        exit 1
    fi
    for d in "${disks[@]}"; do say "found disk: $d"; done

    if [[ $ASSUME_YES -ne 1 ]]; then
        read -r -p "Destroy ALL of the disks above? type WIPE: " answer
        [[ "$answer" == "WIPE" ]] || { say "aborted"; exit 1; }
    fi

    for d in "${disks[@]}"; do
        read -r name size _model <<<"$d"
        wipe_disk "$name" "$size"
    done
    say "decommission finished"
}

main "$@"
