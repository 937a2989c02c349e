#!/usr/bin/env bash
# log-merge: merge the rotated logs of several app instances into one
# time-ordered stream and produce an error summary.
#   log-merge [-d logdir] [-s since] [-o report]   (default logdir: ./logs)
set -euo pipefail

LOG_DIR="./logs"
SINCE=""
REPORT=""
TOP=15

# scratch files (fixed names so a second run can reuse the merged stream)
WORK="/tmp/logmerge"
MERGED="/tmp/logmerge.merged.log"
ERRORS="/tmp/logmerge.errors.log"

info() { echo -e "\033[0;32m[merge]\033[0m $*"; }
warn() { echo -e "\033[0;33m[merge]\033[0m $*" >&2; }

while getopts "d:s:o:t:h" opt; do
  case "$opt" in
    d) LOG_DIR="$OPTARG" ;;
    s) SINCE="$OPTARG" ;;
    o) REPORT="$OPTARG" ;;
    t) TOP="$OPTARG" ;;
    h) sed -n '2,4p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

[[ -d "$LOG_DIR" ]] || { warn "log dir $LOG_DIR not found"; exit 1; }
mkdir -p "$WORK"
rm -f "$WORK"/*.part "$MERGED" "$ERRORS"

cleanup() { rm -f "$WORK"/*.part; }
trap cleanup EXIT

normalise() {
  # "<iso-ts> <instance> <rest>" so a plain sort orders by time
  local src="$1" inst="$2"
  local reader=cat
  [[ "$src" == *.gz ]] && reader="zcat"
  "$reader" "$src" | awk -v inst="$inst" '
    /^[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9:.]+/ {
      ts=$1; if ($2 ~ /^[0-9:.]+$/) { ts=$1"T"$2; $2="" } $1="";
      print ts, inst, $0; next }
    { print "0000-00-00T00:00:00", inst, $0 }'
}

collect() {
  local f inst n=0
  while IFS= read -r -d '' f; do
    inst="$(basename "$f")"; inst="${inst%%.*}"
    normalise "$f" "$inst" > "$WORK/$n.part"
    n=$((n + 1))
  done < <(find "$LOG_DIR" -maxdepth 2 -type f \( -name '*.log' -o -name '*.log.[0-9]*' \) -print0)
  (( n )) || { warn "no log files found under $LOG_DIR"; exit 1; }
  info "normalised $n files"
}

merge() {
  sort -m -k1,1 <(for p in "$WORK"/*.part; do sort -k1,1 "$p"; done) > "$MERGED"
  if [[ -n "$SINCE" ]]; then
    awk -v since="$SINCE" '$1 >= since' "$MERGED" > "$MERGED.tmp" && mv "$MERGED.tmp" "$MERGED"
  fi
  grep -E ' (ERROR|FATAL|CRITICAL|Traceback|panic:)' "$MERGED" > "$ERRORS" || true
  info "merged $(wc -l < "$MERGED") lines, $(wc -l < "$ERRORS") errors"
}

summarise() {
  echo "== error summary ($(date '+%F %T')) =="
  echo "source: $LOG_DIR   since: ${SINCE:-beginning}"
  echo
  echo "-- errors per instance --"
  awk '{c[$2]++} END {for (i in c) printf "%6d  %s\n", c[i], i}' "$ERRORS" | sort -rn
  echo
  echo "-- top $TOP messages --"
  cut -d' ' -f3- "$ERRORS" | sed -E 's/[0-9a-f]{8,}/<id>/g; s/[0-9]+/<n>/g' \
    | sort | uniq -c | sort -rn | head -n "$TOP"
  echo
  echo "-- first and last error --"
  head -n1 "$ERRORS"; tail -n1 "$ERRORS"
}

collect
merge
if [[ -n "$REPORT" ]]; then
  summarise > "$REPORT"
  info "report written to $REPORT"
else
  summarise
fi
info "merged stream kept at $MERGED"
