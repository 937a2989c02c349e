#!/bin/sh
# instructor_pay_report.sh - monthly instructor pay from class attendance.
#
# Input:  attendance CSV exported from the booking system
#         (date,class,instructor,attendees,duration_min)
# Rates:  rates.conf, one line per instructor:
#         name|rate_per_class|per_head_bonus|bonus_threshold
#         a line named "*" gives the default for unlisted instructors
# Output: payroll/pay_<month>.csv and a summary on stdout
#
# Usage:  instructor_pay_report.sh [-r rates.conf] [-m YYYY-MM] attendance.csv

set -eu

RATES="./rates.conf"
MONTH="$(date +%Y-%m)"
OUT_DIR="./payroll"
CURRENCY="${PAY_CURRENCY:-GBP}"

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

warn() { echo "pay-report: $*" >&2; }

while getopts "r:m:o:h" opt; do
    case "$opt" in
        r) RATES="$OPTARG" ;;
        m) MONTH="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
shift $((OPTIND - 1))

[ $# -eq 1 ] || usage 1
ATTENDANCE="$1"
[ -r "$ATTENDANCE" ] || { warn "cannot read $ATTENDANCE"; exit 1; }
[ -r "$RATES" ] || { warn "cannot read $RATES"; exit 1; }
case "$MONTH" in
    [0-9][0-9][0-9][0-9]-[0-9][0-9]) ;;
    *) warn "month must be YYYY-MM"; exit 1 ;;
esac

mkdir -p "$OUT_DIR"
REPORT="$OUT_DIR/pay_${MONTH}.csv"

compute_pay() {
    awk -F'|' -v month="$MONTH" '
        NR == FNR {
            if ($0 ~ /^[[:space:]]*#/ || NF < 4) next
            rate[$1] = $2; bonus[$1] = $3; thresh[$1] = $4
            next
        }
        FNR == 1 { next }
        substr($1, 1, 7) != month { next }
        {
            who = $3
            key = (who in rate) ? who : "*"
            if (!(key in rate)) { missing[who] = 1; next }
            r = rate[key] * ($5 / 60.0)
            extra = ($4 > thresh[key]) ? ($4 - thresh[key]) * bonus[key] : 0
            classes[who]++
            heads[who] += $4
            pay[who] += r + extra
        }
        END {
            print "instructor,classes,attendees,gross"
            for (w in pay) printf "%s,%d,%d,%.2f\n", w, classes[w], heads[w], pay[w]
            for (w in missing) printf "no rate for %s, classes skipped\n", w > "/dev/stderr"
        }
    ' "$RATES" FS=',' "$ATTENDANCE"
}

write_report() {
    compute_pay | {
        IFS= read -r header
        echo "$header"
        sort -t, -k4,4 -rn
    } >"$REPORT"
    chmod 600 "$REPORT"
}

print_summary() {
    total=$(awk -F, 'NR > 1 { s += $4 } END { printf "%.2f", s }' "$REPORT")
    count=$(awk 'END { print NR - 1 }' "$REPORT")
    echo "Pay period:   $MONTH"
    echo "Instructors:  $count"
    echo "Total gross:  $total $CURRENCY"
    echo "Report:       $REPORT"
    echo
    column -s, -t <"$REPORT" 2>/dev/null || cat "$REPORT"
}

main() {
    write_report
    if [ "$(wc -l <"$REPORT")" -le 1 ]; then
        warn "no classes found for $MONTH"
        exit 2
    fi
    print_summary
}

main
