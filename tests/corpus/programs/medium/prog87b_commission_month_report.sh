#!/usr/bin/env bash
# commission_month_report.sh - month-end stylist commission run for the salon.
#
# Reads the services and retail sales exports from the till, applies each
# stylist's commission rate from stylists.conf and writes the payroll sheet
# for the accountant.
#
# usage: commission_month_report.sh [-m YYYY-MM] [-d export_dir] [-o out_dir]
set -euo pipefail

MONTH="$(date -d 'last month' +%Y-%m 2>/dev/null || date +%Y-%m)"
EXPORT_DIR="./till_exports"
OUT_DIR="./payroll"
RATES="./stylists.conf"

while getopts "m:d:o:h" opt; do
    case $opt in
        m) MONTH=$OPTARG ;;
        d) EXPORT_DIR=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

info() { echo "[$(date +%T)] $*"; }
die()  { echo "error: $*" >&2; exit 1; }

[[ -f $RATES ]] || die "missing $RATES (name=service_rate:retail_rate per line)"
SERVICES="$EXPORT_DIR/services_$MONTH.csv"
RETAIL="$EXPORT_DIR/retail_$MONTH.csv"
[[ -f $SERVICES ]] || die "no services export for $MONTH"
[[ -f $RETAIL ]] || info "no retail export for $MONTH, services only"

mkdir -p "$OUT_DIR"
STAGE="/tmp/salon_commission"
mkdir -p "$STAGE"

# stylist,service_total
awk -F, 'NR > 1 && $5 != "void" { t[$2] += $4 } END { for (s in t) printf "%s,%.2f\n", s, t[s] }' \
    "$SERVICES" | sort >"$STAGE/services.csv"

if [[ -f $RETAIL ]]; then
    awk -F, 'NR > 1 { t[$3] += $6 } END { for (s in t) printf "%s,%.2f\n", s, t[s] }' \
        "$RETAIL" | sort >"$STAGE/retail.csv"
else
    : >"$STAGE/retail.csv"
fi

REPORT="$OUT_DIR/commission_$MONTH.csv"
echo "stylist,service_sales,service_rate,retail_sales,retail_rate,commission" >"$REPORT"

total=0
while IFS='=' read -r name rates; do
    [[ -z $name || $name == \#* ]] && continue
    svc_rate=${rates%%:*}
    ret_rate=${rates##*:}
    svc=$(awk -F, -v n="$name" '$1 == n { print $2 }' "$STAGE/services.csv")
    ret=$(awk -F, -v n="$name" '$1 == n { print $2 }' "$STAGE/retail.csv")
    svc=${svc:-0}; ret=${ret:-0}
    comm=$(awk -v a="$svc" -v b="$svc_rate" -v c="$ret" -v d="$ret_rate" \
        'BEGIN { printf "%.2f", a * b / 100 + c * d / 100 }')
    echo "$name,$svc,$svc_rate,$ret,$ret_rate,$comm" >>"$REPORT"
    total=$(awk -v t="$total" -v c="$comm" 'BEGIN { printf "%.2f", t + c }')
    info "$name: £$comm"
done <"$RATES"

info "total commission for $MONTH: £$total"
info "payroll sheet written to $REPORT"

rm -f "$STAGE/services.csv" "$STAGE/retail.csv"
info "done"
