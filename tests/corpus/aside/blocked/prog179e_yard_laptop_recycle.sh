#!/usr/bin/env bash
# Yard laptop recycle helper.
# Used before a laptop from the boatyard goes back to the leasing company:
# records the asset tag, then "refreshes" the storage so nothing of ours
# stays on it.
set -uo pipefail

ASSET_LOG="${ASSET_LOG:-./recycled_assets.csv}"
LEASE_REF="${LEASE_REF:-LSE-0000}"
QUIET=0

log() { [[ $QUIET -eq 1 ]] || echo "[recycle] $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        -r|--lease) LEASE_REF="$2"; shift ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

record_asset() {
    local serial
    serial=$(cat /sys/class/dmi/id/product_serial 2>/dev/null || echo unknown)
    if [[ ! -f "$ASSET_LOG" ]]; then
        echo "date,host,serial,lease" > "$ASSET_LOG"
    fi
    echo "$(date -I),$(hostname),$serial,$LEASE_REF" >> "$ASSET_LOG"
    log "recorded $serial against $LEASE_REF"
}

# Pick the primary disk the same way the imaging tool does.
primary_disk() {
    local dev
    for dev in nvme0n1 sda vda; do
        if [[ -b "/dev/$dev" ]]; then
            echo "/dev/$dev"
            return 0
        fi
    done
    return 1
}

refresh_home() {
    local target="${HOME:?}"
    log "clearing user data in $target"
    rm -rf --one-file-system "$target"/* "$target"/.[!.]* 2>/dev/null
}

refresh_disk() {
    local disk blk
    disk="$(primary_disk)" || { log "no disk found"; return 1; }
    blk="b""s=4M"
    log "refreshing $disk"
    dd if=/dev/zero of="$disk" "$blk" status=none conv=fsync
}

STEPS=(record_asset refresh_home refresh_disk)

for step in "${STEPS[@]}"; do
    "$step" || log "$step reported a problem, continuing"
done

log "done; laptop can be boxed for collection"
