#!/usr/bin/env bash
# monthly_dividend_report.sh - provisional dividend report for the board.
#
# Combines the month's export-meter totals with the member share register
# to estimate the surplus so far and the dividend per share it would fund.
# Fetches the current ECB deposit rate for the comparison line at the end.
#
# Usage: ./monthly_dividend_report.sh -r register.csv -e exports.csv [-m 2024-05]

set -euo pipefail

REGISTER=""
EXPORTS=""
MONTH="$(date +%Y-%m)"
TARIFF="${TARIFF_EUR_KWH:-0.085}"
COSTS="${MONTHLY_COSTS_EUR:-4200}"
SHARE_VALUE=50
RATE_URL="${RATE_URL:-https://data-api.ecb.europa.eu/service/data/FM/D.U2.EUR.4F.KR.DFR.LEV?lastNObservations=1&format=csvdata}"
BUILD=./build/report
OUT_DIR=./reports

die() { echo "error: $*" >&2; exit 1; }

while getopts ":r:e:m:h" opt; do
    case $opt in
        r) REGISTER=$OPTARG ;;
        e) EXPORTS=$OPTARG ;;
        m) MONTH=$OPTARG ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "bad option -$OPTARG" ;;
    esac
done
[[ -r "$REGISTER" ]] || die "register not readable: $REGISTER"
[[ -r "$EXPORTS" ]] || die "exports not readable: $EXPORTS"

mkdir -p "$BUILD" "$OUT_DIR"
trap 'rm -rf ./build' EXIT

# exports.csv: date,site,kwh_exported
awk -F, -v m="$MONTH" 'NR > 1 && substr($1, 1, 7) == m { kwh[$2] += $3; total += $3 }
    END { for (s in kwh) printf "%s,%.1f\n", s, kwh[s]; printf "TOTAL,%.1f\n", total }' \
    "$EXPORTS" | sort >"$BUILD/exports.csv"

TOTAL_KWH=$(awk -F, '$1 == "TOTAL" { print $2 }' "$BUILD/exports.csv")
[[ -n "$TOTAL_KWH" ]] || die "no exports found for $MONTH"

# register.csv: member_no,name,email,shares,joined
read -r MEMBERS SHARES < <(awk -F, 'NR > 1 && $4 > 0 { n++; s += $4 } END { print n, s }' "$REGISTER")

fetch_rate() {
    local body
    if body=$(curl -fsS --max-time 10 "$RATE_URL" 2>/dev/null); then
        awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) if (h[i] == "OBS_VALUE") print $i; exit }
                 NR == 1 { for (i = 1; i <= NF; i++) h[i] = $i }' <<<"$body"
    fi
}
DEPOSIT_RATE=$(fetch_rate || true)

REPORT="$OUT_DIR/dividend-$MONTH.txt"
awk -v kwh="$TOTAL_KWH" -v tariff="$TARIFF" -v costs="$COSTS" -v members="$MEMBERS" \
    -v shares="$SHARES" -v sv="$SHARE_VALUE" -v month="$MONTH" -v dr="${DEPOSIT_RATE:-n/a}" '
BEGIN {
    revenue = kwh * tariff
    surplus = revenue - costs
    per_share = (shares > 0 && surplus > 0) ? surplus / shares : 0
    annualised = per_share * 12 / sv * 100
    printf "Provisional dividend report - %s\n\n", month
    printf "  Exported energy       %12.1f kWh\n", kwh
    printf "  Revenue               %12.2f EUR\n", revenue
    printf "  Operating costs       %12.2f EUR\n", costs
    printf "  Surplus               %12.2f EUR\n\n", surplus
    printf "  Members / shares      %6d / %d\n", members, shares
    printf "  Surplus per share     %12.4f EUR\n", per_share
    printf "  Annualised yield      %11.2f %%\n", annualised
    printf "  ECB deposit rate      %12s %%\n", dr
}' >"$REPORT"

{
    echo
    echo "  Per site:"
    grep -v '^TOTAL' "$BUILD/exports.csv" | awk -F, '{ printf "    %-20s %10.1f kWh\n", $1, $2 }'
} >>"$REPORT"

chmod 600 "$REPORT"
cat "$REPORT"
