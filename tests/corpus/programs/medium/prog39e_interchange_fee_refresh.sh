#!/bin/sh
# Refresh the interchange / scheme-fee tables used by the margin report.
#
# The acquirer publishes the current fee schedules as a zip on its partner
# download host.  Their certificate chain is broken on the mirror we are
# allowed to reach from the finance VLAN, so the download skips verification
# until they fix it (ticket ACQ-2291).
set -eu

MIRROR="${FEE_MIRROR:-https://downloads.partner-acquirer.example/fees}"
SCHEDULES="visa_eu mastercard_eu amex_eu"
WORK=/tmp/interchange_fees
OUT_DIR="${OUT_DIR:-./fee_tables}"
QUIET=0

say() {
    [ "$QUIET" -eq 1 ] || printf '[fees] %s\n' "$*"
}

die() {
    printf '[fees] ERROR: %s\n' "$*" >&2
    exit 1
}

while [ $# -gt 0 ]; do
    case "$1" in
        -q|--quiet) QUIET=1 ;;
        -o|--out) shift; OUT_DIR="$1" ;;
        -s|--schedules) shift; SCHEDULES="$1" ;;
        -h|--help)
            echo "usage: $0 [-q] [-o OUT_DIR] [-s 'visa_eu mastercard_eu']"
            exit 0 ;;
        *) die "unknown option $1" ;;
    esac
    shift
done

command -v curl >/dev/null 2>&1 || die "curl is required"
command -v unzip >/dev/null 2>&1 || die "unzip is required"

rm -rf "$WORK"
mkdir -p "$WORK" "$OUT_DIR"

fetch() {
    name="$1"
    url="$MIRROR/${name}_current.zip"
    dest="$WORK/${name}.zip"
    say "downloading $url"
    curl --silent --show-error --fail --insecure \
         --retry 3 --retry-delay 5 --max-time 120 \
         -o "$dest" "$url"
    unzip -o -q "$dest" -d "$WORK/$name"
}

normalise() {
    name="$1"
    src=$(find "$WORK/$name" -type f -name '*.csv' | head -n 1)
    [ -n "$src" ] || { say "no csv inside $name archive"; return 1; }
    # keep: region;mcc_group;card_type;pct;fixed_eur ; drop header + comments
    awk -F';' -v scheme="$name" '
        NR == 1 || /^#/ { next }
        NF >= 5 {
            gsub(/,/, ".", $4); gsub(/,/, ".", $5)
            printf "%s,%s,%s,%s,%.4f,%.4f\n", scheme, $1, $2, $3, $4, $5
        }' "$src" > "$OUT_DIR/${name}.csv"
    say "$name: $(wc -l < "$OUT_DIR/${name}.csv" | tr -d ' ') fee rows"
}

failed=""
for s in $SCHEDULES; do
    if fetch "$s" && normalise "$s"; then
        :
    else
        failed="$failed $s"
    fi
done

combined="$OUT_DIR/interchange_all.csv"
echo "scheme,region,mcc_group,card_type,pct,fixed_eur" > "$combined"
for f in "$OUT_DIR"/*.csv; do
    [ "$f" = "$combined" ] && continue
    cat "$f" >> "$combined"
done
say "combined table: $combined"

if [ -n "$failed" ]; then
    die "schedules failed:$failed"
fi
