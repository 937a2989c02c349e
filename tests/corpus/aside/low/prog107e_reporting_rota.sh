#!/usr/bin/env bash
# reporting_rota.sh - print the consultant reporting rota for a week and write
# a CSV the department secretaries paste into the intranet page.
#
# Input: ./rota.csv  (date,session,consultant,modality,site)
#        ./leave.csv (consultant,from,to)
# Bank holidays come from the GOV.UK feed and are cached in ./cache/.
#
# Usage: reporting_rota.sh [-w YYYY-MM-DD] [-d england-and-wales|scotland|northern-ireland]

set -euo pipefail

WEEK_START="$(date -d 'monday this week' +%F)"
DIVISION="england-and-wales"
ROTA="./rota.csv"
LEAVE="./leave.csv"
CACHE_DIR="./cache"
HOLIDAY_URL="https://www.gov.uk/bank-holidays.json"
OUT_DIR="./out"

while getopts ":w:d:h" opt; do
    case "$opt" in
        w) WEEK_START="$OPTARG" ;;
        d) DIVISION="$OPTARG" ;;
        h|*) sed -n '2,9p' "$0"; exit 0 ;;
    esac
done

info() { echo "rota: $*" >&2; }

for f in "$ROTA" "$LEAVE"; do
    [[ -r "$f" ]] || { info "missing $f"; exit 1; }
done
mkdir -p "$CACHE_DIR" "$OUT_DIR"

refresh_holidays() {
    local cache="$CACHE_DIR/bank-holidays.json"
    if [[ -f "$cache" ]] && [[ -n "$(find "$cache" -mtime -7)" ]]; then
        return 0
    fi
    if curl -fsS --max-time 15 -o "$cache.part" "$HOLIDAY_URL"; then
        mv "$cache.part" "$cache"
        info "bank holiday cache refreshed"
    else
        rm -f "$cache.part"
        info "could not refresh bank holidays, using cached copy if any"
    fi
}

holiday_dates() {
    local cache="$CACHE_DIR/bank-holidays.json"
    [[ -f "$cache" ]] || return 0
    # pull "date":"YYYY-MM-DD" pairs out of the requested division only
    tr '{}' '\n\n' < "$cache" \
        | awk -v div="\"division\":\"$DIVISION\"" '
            index($0, "\"division\":") { inside = index($0, div) > 0 }
            inside && match($0, /"date":"[0-9-]+"/) { print substr($0, RSTART + 8, 10) }'
}

week_dates() {
    local i
    for i in 0 1 2 3 4; do
        date -d "$WEEK_START + $i day" +%F
    done
}

on_leave() {
    local who="$1" day="$2"
    awk -F, -v w="$who" -v d="$day" 'NR > 1 && $1 == w && $2 <= d && d <= $3 { found = 1 } END { exit !found }' "$LEAVE"
}

refresh_holidays
mapfile -t HOLIDAYS < <(holiday_dates)
OUT="$OUT_DIR/rota_${WEEK_START}.csv"
echo "date,session,consultant,modality,site,note" > "$OUT"

for day in $(week_dates); do
    if printf '%s\n' "${HOLIDAYS[@]:-}" | grep -qx "$day"; then
        printf '%s  BANK HOLIDAY - on-call cover only\n' "$day"
        echo "$day,,,,,bank holiday" >> "$OUT"
        continue
    fi
    printf '%s (%s)\n' "$day" "$(date -d "$day" +%A)"
    while IFS=, read -r d session who modality site; do
        [[ "$d" == "$day" ]] || continue
        note=""
        if on_leave "$who" "$day"; then
            note="ON LEAVE - needs cover"
        fi
        printf '   %-3s %-22s %-6s %-10s %s\n' "$session" "$who" "$modality" "$site" "$note"
        echo "$d,$session,$who,$modality,$site,$note" >> "$OUT"
    done < <(tail -n +2 "$ROTA" | sort -t, -k1,1 -k2,2)
done

gaps=$(grep -c 'needs cover' "$OUT" || true)
info "wrote $OUT ($gaps session(s) need cover)"
