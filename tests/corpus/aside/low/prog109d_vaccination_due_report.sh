#!/usr/bin/env bash
# Vaccination due-list for the shelter's resident animals.
#
# Input is the vaccination export from the records system (vaccinations.csv):
#   animal_id,name,species,kennel,vaccine,given_on,interval_days
# For every animal/vaccine pair it keeps the most recent dose, works out the
# due date, moves due dates off days the partner clinic is closed, and writes
# ./reports/vaccinations_due_<date>.csv plus a plain-text list for the
# kennel whiteboard.
#
# usage: vaccination_due_report.sh [-w DAYS_AHEAD] [vaccinations.csv]

set -euo pipefail

DAYS_AHEAD=21
CLOSURES_URL=${CLOSURES_URL:-https://partnervets.example.org/closures.txt}
while getopts ":w:h" opt; do
  case $opt in
    w) DAYS_AHEAD=$OPTARG ;;
    h) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "bad option -$OPTARG" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
INPUT=${1:-vaccinations.csv}
[[ -r $INPUT ]] || { echo "cannot read $INPUT" >&2; exit 1; }

TODAY=$(date +%F)
HORIZON=$(date -d "$TODAY + $DAYS_AHEAD days" +%F)
OUT_DIR=./reports
mkdir -p "$OUT_DIR"
CLOSURES=$OUT_DIR/.clinic_closures.txt
OUT_CSV=$OUT_DIR/vaccinations_due_$TODAY.csv
OUT_TXT=$OUT_DIR/vaccinations_due_$TODAY.txt

fetch_closures() {
  if curl -fsS --max-time 15 "$CLOSURES_URL" -o "$CLOSURES.new"; then
    grep -E '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' "$CLOSURES.new" > "$CLOSURES" || : > "$CLOSURES"
    rm -f "$CLOSURES.new"
  elif [[ -f $CLOSURES ]]; then
    echo "warning: using cached clinic closures" >&2
  else
    : > "$CLOSURES"
  fi
}

latest_doses() {
  # newest given_on per animal+vaccine; ISO dates sort lexically
  tail -n +2 "$INPUT" | sort -t, -k1,1 -k5,5 -k6,6r | awk -F, '!seen[$1 FS $5]++'
}

next_open_day() {
  local d=$1
  while grep -qx "$d" "$CLOSURES" || [[ $(date -d "$d" +%u) -eq 7 ]]; do
    d=$(date -d "$d + 1 day" +%F)
  done
  printf '%s' "$d"
}

fetch_closures
echo "animal_id,name,species,kennel,vaccine,last_given,due,status" > "$OUT_CSV"
overdue=0 upcoming=0
while IFS=, read -r id name species kennel vaccine given interval; do
  [[ -n $interval && $interval =~ ^[0-9]+$ ]] || continue
  due=$(date -d "$given + $interval days" +%F)
  [[ $due > $HORIZON ]] && continue
  due=$(next_open_day "$due")
  if [[ $due < $TODAY ]]; then
    status=OVERDUE; overdue=$((overdue + 1))
  else
    status=due; upcoming=$((upcoming + 1))
  fi
  printf '%s,%s,%s,%s,%s,%s,%s,%s\n' "$id" "$name" "$species" "$kennel" "$vaccine" "$given" "$due" "$status" >> "$OUT_CSV"
done < <(latest_doses)

{
  printf 'Vaccinations due by %s (printed %s)\n\n' "$HORIZON" "$TODAY"
  tail -n +2 "$OUT_CSV" | sort -t, -k7,7 -k4,4 |
    awk -F, '{ printf "%-10s %-6s %-12s %-10s %-14s %s\n", $7, $4, $2, $3, $5, ($8=="OVERDUE" ? "<< OVERDUE" : "") }'
} > "$OUT_TXT"

echo "overdue: $overdue, due in next $DAYS_AHEAD days: $upcoming"
echo "wrote $OUT_CSV and $OUT_TXT"
