#!/usr/bin/env bash
# disk_image_inspect.sh - attach a raw or qcow2 VM disk image read-only,
# mount its partitions under ./inspect/<image>/pN, and print a short
# inventory (os-release, largest directories). Use --detach to clean up.
#
#   disk_image_inspect.sh IMAGE [--detach]
set -euo pipefail

IMAGE="${1:?usage: $0 IMAGE [--detach]}"
ACTION="${2:-attach}"
BASE="./inspect/$(basename "$IMAGE" | tr -c 'A-Za-z0-9._\n-' '_')"
NBD_DEV="/dev/nbd0"

say() { echo ":: $*"; }
need() { command -v "$1" >/dev/null || { echo "missing tool: $1" >&2; exit 1; }; }

priv() { sudo --non-interactive -- "$@"; }

image_format() {
    case "$(qemu-img info --output=json "$IMAGE" 2>/dev/null | sed -n 's/.*"format": "\([a-z0-9]*\)".*/\1/p')" in
        qcow2) echo qcow2 ;;
        *) echo raw ;;
    esac
}

attach() {
    local fmt dev part n=0
    fmt="$(image_format)"
    if [ "$fmt" = "qcow2" ]; then
        need qemu-nbd
        say "loading nbd kernel module"
        priv modprobe nbd max_part=16
        priv qemu-nbd --read-only --format=qcow2 --connect="$NBD_DEV" "$IMAGE"
        dev="$NBD_DEV"
        sleep 1
    else
        dev="$(priv losetup --find --show --read-only --partscan "$IMAGE")"
    fi
    say "image attached at $dev"
    echo "$dev" >"$BASE/.device"

    for part in $(lsblk -lnpo NAME,TYPE "$dev" | awk '$2 == "part" {print $1}'); do
        n=$((n + 1))
        mkdir -p "$BASE/p$n"
        if priv mount -o ro,noexec,nosuid,nodev "$part" "$BASE/p$n" 2>/dev/null; then
            say "mounted $part on $BASE/p$n"
            inventory "$BASE/p$n"
        else
            say "skipped $part (no mountable filesystem)"
            rmdir "$BASE/p$n"
        fi
    done
}

inventory() {
    local root="$1"
    if [ -r "$root/etc/os-release" ]; then
        sed -n 's/^PRETTY_NAME=//p' "$root/etc/os-release" | tr -d '"' | sed 's/^/   os: /'
    fi
    priv du -xsh "$root"/* 2>/dev/null | sort -rh | head -n 5 | sed 's/^/   /'
}

detach() {
    local dev mp
    for mp in "$BASE"/p*; do
        [ -d "$mp" ] || continue
        mountpoint -q "$mp" && priv umount "$mp" && say "unmounted $mp"
        rmdir "$mp" 2>/dev/null || true
    done
    dev="$(cat "$BASE/.device" 2>/dev/null || true)"
    case "$dev" in
        /dev/nbd*) priv qemu-nbd --disconnect "$dev" >/dev/null ;;
        /dev/loop*) priv losetup --detach "$dev" ;;
    esac
    rm -f "$BASE/.device"
    say "detached ${dev:-nothing}"
}

need lsblk
need qemu-img
[ -f "$IMAGE" ] || { echo "no such image: $IMAGE" >&2; exit 1; }
mkdir -p "$BASE"

case "$ACTION" in
    attach) attach ;;
    --detach|detach) detach ;;
    *) echo "unknown action $ACTION" >&2; exit 2 ;;
esac
