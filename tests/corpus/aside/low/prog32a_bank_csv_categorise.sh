#!/usr/bin/env bash
# Categorise a bank statement CSV export and produce a monthly summary.
#
# Usage: ./categorise.sh [-r rules.tsv] [-o out_dir] statement.csv [...]
#
# The statement is expected in the common "Date;Description;Amount;Currency"
# layout used by most EU banks' CSV exports (semicolon separated, comma
# decimal). Rules are "PATTERN<TAB>CATEGORY" lines, matched case-insensitively.
set -euo pipefail

RULES="rules.tsv"
OUT_DIR="summary"
BUILD_DIR=".build-categorise"
VERBOSE=0

log() { [ "$VERBOSE" -eq 1 ] && printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2 || true; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts "r:o:vh" opt; do
    case "$opt" in
        r) RULES="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
shift $((OPTIND - 1))
[ "$#" -ge 1 ] || usage 1
[ -f "$RULES" ] || die "rules file '$RULES' not found"

cleanup() { rm -rf -- "$BUILD_DIR"; }
trap cleanup EXIT

mkdir -p "$BUILD_DIR" "$OUT_DIR"

normalise() {
    # strip BOM and header, convert "1.234,56" to "1234.56", keep month key
    sed '1s/^\xEF\xBB\xBF//' "$1" | tail -n +2 | awk -F';' '
        NF >= 3 {
            split($1, d, /[.\/-]/)
            if (length(d[1]) == 4) { month = d[1] "-" d[2] } else { month = d[3] "-" d[2] }
            amt = $3; gsub(/\./, "", amt); sub(/,/, ".", amt)
            desc = $2; gsub(/"/, "", desc)
            printf "%s\t%s\t%.2f\n", month, desc, amt
        }'
}

categorise() {
    awk -F'\t' -v rules="$RULES" '
        BEGIN {
            n = 0
            while ((getline line < rules) > 0) {
                if (line ~ /^#/ || line == "") continue
                split(line, r, "\t"); n++; pat[n] = tolower(r[1]); cat[n] = r[2]
            }
        }
        {
            c = "Uncategorised"; d = tolower($2)
            for (i = 1; i <= n; i++) if (index(d, pat[i])) { c = cat[i]; break }
            print $1 "\t" c "\t" $3
        }'
}

for statement in "$@"; do
    [ -r "$statement" ] || die "cannot read $statement"
    log "normalising $statement"
    normalise "$statement" >> "$BUILD_DIR/normalised.tsv"
done

categorise < "$BUILD_DIR/normalised.tsv" > "$BUILD_DIR/categorised.tsv"

awk -F'\t' '
    { key = $1 "\t" $2; sum[key] += $3; months[$1] = 1 }
    END { for (k in sum) printf "%s\t%.2f\n", k, sum[k] }
' "$BUILD_DIR/categorised.tsv" | sort > "$OUT_DIR/monthly_by_category.tsv"

awk -F'\t' '
    $3 < 0 { out[$1] += -$3 } $3 > 0 { inc[$1] += $3 }
    END { for (m in inc) printf "%s\tincome=%.2f\tspent=%.2f\tnet=%.2f\n", m, inc[m], out[m], inc[m]-out[m] }
' "$BUILD_DIR/categorised.tsv" | sort > "$OUT_DIR/monthly_totals.tsv"

uncategorised=$(awk -F'\t' '$2 == "Uncategorised"' "$BUILD_DIR/categorised.tsv" | wc -l)
printf 'Wrote %s and %s\n' "$OUT_DIR/monthly_by_category.tsv" "$OUT_DIR/monthly_totals.tsv"
if [ "$uncategorised" -gt 0 ]; then
    printf '%d transactions did not match any rule; see rules.tsv\n' "$uncategorised"
fi
