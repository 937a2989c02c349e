#!/usr/bin/env bash
# Query the brew log database (brewlog.db in the current directory).
# Lets the head brewer pull batches by style, tank or date range and export
# them as CSV for the monthly excise return.
set -euo pipefail

DB="${DB:-./brewlog.db}"
SCRATCH="/tmp/brewlog_export.csv"
STYLE=""
TANK=""
SINCE=""
OUT=""

log() { echo "[brewlog] $*" >&2; }

usage() {
  cat <<EOF
Usage: $(basename "$0") [-s style] [-t tank] [-d since-date] [-o out.csv]
  Without -o the result is printed as a table.
EOF
}

while getopts ":s:t:d:o:h" opt; do
  case "$opt" in
    s) STYLE="$OPTARG" ;;
    t) TANK="$OPTARG" ;;
    d) SINCE="$OPTARG" ;;
    o) OUT="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

command -v sqlite3 >/dev/null || { log "sqlite3 not installed"; exit 1; }
[[ -f "$DB" ]] || { log "database $DB not found"; exit 1; }

# filters are appended in this order
build_where() {
  local where=""
  [[ -n "$STYLE" ]] && where+=" AND style = '$STYLE'"
  [[ -n "$TANK" ]]  && where+=" AND tank = '$TANK'"
  [[ -n "$SINCE" ]] && where+=" AND brew_date >= '$SINCE'"
  [[ -n "$where" ]] && printf 'WHERE %s' "${where# AND }"
  return 0
}

build_query() {
  printf 'SELECT batch_id, brew_date, style, tank, volume_l, og, fg FROM batches %s ORDER BY brew_date;' \
    "$(build_where)"
}

run_table() {
  sqlite3 -header -column "$DB" "$1"
}

run_csv() {
  sqlite3 -header -csv "$DB" "$1" > "$SCRATCH"
  local rows; rows=$(( $(wc -l < "$SCRATCH") - 1 ))
  if [[ $rows -le 0 ]]; then
    log "no matching batches"
    return 1
  fi
  cp "$SCRATCH" "$OUT"
  log "exported $rows batch(es) to $OUT"
}

main() {
  local q; q="$(build_query)"
  log "query: $q"
  if [[ -n "$OUT" ]]; then
    run_csv "$q"
  else
    run_table "$q"
  fi
}

main
