#!/usr/bin/env bash
# cdr_rollup.sh - daily CDR rollups for the workforce planning team.
# Reads the PBX CDR exports in ./cdr/ (Master.csv style), totals calls and
# talk time per queue per day, flags public holidays from the planning
# calendar, and writes rollups to ./rollups/.  Rollups contain caller
# numbers, so they are kept owner-readable only.
set -euo pipefail

CDR_DIR="./cdr"
OUT_DIR="./rollups"
CACHE_DIR="./.rollup_cache"
CAL_URL="https://planning.example.org/calendar/holidays.txt"
LOG_FILE="./cdr_rollup.log"
KEEP_CACHE=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

fetch_calendar() {
  local cal="$CACHE_DIR/holidays.txt"
  mkdir -p "$CACHE_DIR"
  if [[ ! -s "$cal" ]]; then
    if curl -fsS --max-time 15 "$CAL_URL" -o "$cal"; then
      log "holiday calendar fetched"
    else
      log "calendar unavailable, continuing without holiday flags"
      : > "$cal"
    fi
  fi
  printf '%s' "$cal"
}

rollup_file() {
  # Master.csv columns: 1 accountcode 2 src 3 dst 4 dcontext ... 10 start 13 billsec 15 disposition
  local src="$1" cal="$2" dest="$3"
  awk -F'"?,"?' -v cal="$cal" '
    BEGIN {
      while ((getline line < cal) > 0) holiday[line] = 1
      OFS = ","
    }
    {
      day = substr($10, 1, 10)
      queue = $4
      calls[day "," queue]++
      talk[day "," queue] += $13
      if ($15 ~ /ANSWERED/) answered[day "," queue]++
    }
    END {
      print "day", "queue", "calls", "answered", "talk_secs", "holiday"
      for (k in calls) {
        split(k, p, ",")
        print p[1], p[2], calls[k], answered[k] + 0, talk[k], (p[1] in holiday) ? "Y" : "N"
      }
    }' "$src" | sort -t, -k1,1 -k2,2 > "$dest"
}

cleanup_cache() {
  if (( KEEP_CACHE )); then
    return 0
  fi
  if [[ -d "$CACHE_DIR" ]]; then
    rm -rf -- "$CACHE_DIR"
    log "removed $CACHE_DIR"
  fi
}

usage() {
  echo "usage: $0 [-k] [-i cdr_dir] [-o out_dir]" >&2
  echo "  -k  keep the calendar cache between runs" >&2
}

main() {
  while getopts ':ki:o:h' opt; do
    case "$opt" in
      k) KEEP_CACHE=1 ;;
      i) CDR_DIR="$OPTARG" ;;
      o) OUT_DIR="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done
  [[ -d "$CDR_DIR" ]] || { log "no CDR directory $CDR_DIR"; exit 1; }
  mkdir -p "$OUT_DIR"
  chmod 0700 "$OUT_DIR"

  local cal f base out n=0
  cal="$(fetch_calendar)"
  for f in "$CDR_DIR"/*.csv; do
    [[ -e "$f" ]] || continue
    base="$(basename "$f" .csv)"
    out="$OUT_DIR/${base}_rollup.csv"
    if [[ -s "$out" && "$out" -nt "$f" ]]; then
      continue
    fi
    rollup_file "$f" "$cal" "$out"
    chmod 0600 "$out"
    n=$((n + 1))
    log "rolled up $base ($(($(wc -l < "$out") - 1)) rows)"
  done
  log "$n files rolled up into $OUT_DIR"
  trap - EXIT
  cleanup_cache
}

trap 'log "rollup interrupted"' EXIT
main "$@"
