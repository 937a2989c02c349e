#!/bin/bash
# till_cashup_check.sh - end-of-night cash-up for the darts bar tills
#
# Matches each till's Z-read export against the card terminal settlement
# file and the counted cash sheet, prints variances per till, and writes
# a CSV the manager emails to the accountant.
#
#   till_cashup_check.sh -d 2024-03-09 [-z zreads/] [-s settlements/] [-t 2.00]

set -u
shopt -s nullglob

DAY="$(date +%F)"
ZDIR="./zreads"
SDIR="./settlements"
CASH_SHEET="./cash_counts.csv"
TOLERANCE="2.00"
OUT_DIR="./cashup"
WORK="/tmp/cashup_work"

usage() { sed -n '2,8p' "$0"; exit 2; }

while getopts ":d:z:s:c:t:o:h" o; do
    case $o in
        d) DAY=$OPTARG ;;
        z) ZDIR=$OPTARG ;;
        s) SDIR=$OPTARG ;;
        c) CASH_SHEET=$OPTARG ;;
        t) TOLERANCE=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        *) usage ;;
    esac
done

mkdir -p "$OUT_DIR" "$WORK"
LOG="$OUT_DIR/cashup_$DAY.log"
exec 3>>"$LOG"
say() { echo "[$(date +%T)] $*" | tee /dev/fd/3; }

finish() {
    rm -f "$WORK"/z.csv "$WORK"/card.csv "$WORK"/cash.csv "$WORK"/zc.csv
}
trap finish EXIT

# Z-read exports: till_<n>_<yyyymmdd>.csv  -> "category,amount"
sum_zreads() {
    local stamp=${DAY//-/}
    for z in "$ZDIR"/till_*_"$stamp".csv; do
        local till
        till=$(basename "$z" | cut -d_ -f2)
        awk -F, -v t="$till" 'NR>1 && ($1=="CASH" || $1=="CARD") {s[$1]+=$2}
            END {printf "%s,%.2f,%.2f\n", t, s["CASH"], s["CARD"]}' "$z"
    done | sort -t, -k1,1n > "$WORK/z.csv"
}

# Terminal settlement: "terminal_id,till,amount,status"
sum_settlements() {
    cat "$SDIR"/settle_"$DAY"*.csv 2>/dev/null \
        | awk -F, 'NR>1 && $4=="APPROVED" {s[$2]+=$3} END {for (t in s) printf "%s,%.2f\n", t, s[t]}' \
        | sort -t, -k1,1n > "$WORK/card.csv"
}

# Cash sheet filled in by the bar manager: "date,till,counted,float"
sum_cash() {
    awk -F, -v d="$DAY" '$1==d {printf "%s,%.2f\n", $2, $3-$4}' "$CASH_SHEET" \
        | sort -t, -k1,1n > "$WORK/cash.csv"
}

reconcile() {
    join -t, -a1 -e 0 -o 0,1.2,1.3,2.2 "$WORK/z.csv" "$WORK/card.csv" > "$WORK/zc.csv"
    join -t, -a1 -e 0 -o 0,1.2,1.3,1.4,2.2 "$WORK/zc.csv" "$WORK/cash.csv" \
        | awk -F, -v tol="$TOLERANCE" '
            BEGIN {OFS=","; print "till,z_cash,z_card,settled_card,counted_cash,card_var,cash_var,flag"}
            {
                cv = $4 - $3; kv = $5 - $2
                flag = (cv*cv > tol*tol || kv*kv > tol*tol) ? "CHECK" : "OK"
                printf "%s,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%s\n", $1,$2,$3,$4,$5,cv,kv,flag
            }' > "$OUT_DIR/cashup_$DAY.csv"
}

[[ -d $ZDIR ]] || { say "no Z-read folder $ZDIR"; exit 1; }
[[ -f $CASH_SHEET ]] || { say "no cash sheet $CASH_SHEET"; exit 1; }

say "cash-up for $DAY (tolerance £$TOLERANCE)"
sum_zreads
sum_settlements
sum_cash
if [[ ! -s $WORK/z.csv ]]; then
    say "no Z-reads found for $DAY"
    exit 1
fi
reconcile
column -t -s, "$OUT_DIR/cashup_$DAY.csv" | tee /dev/fd/3
checks=$(grep -c ',CHECK$' "$OUT_DIR/cashup_$DAY.csv")
say "$checks till(s) outside tolerance"
exit $(( checks > 0 ? 3 : 0 ))
