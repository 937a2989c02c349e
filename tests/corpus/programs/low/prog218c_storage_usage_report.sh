#!/usr/bin/env bash
# storage_usage_report.sh - weekly PACS storage usage report.
#
# Measures the study export folders in the working copy of the storage
# tree, lets a small python helper turn the raw numbers into a growth
# table (compared with last week's snapshot), and writes the report to
# ./reports/.  Intermediate files live in ./.cache and are removed at the end.
#
# Usage: storage_usage_report.sh [-r STORAGE_DIR] [-w WARN_PERCENT] [-k]

set -euo pipefail

STORAGE_DIR="./studies"
WARN_PERCENT=80
KEEP_CACHE=0
CACHE_DIR="./.cache"
REPORT_DIR="./reports"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts ":r:w:kh" opt; do
  case "$opt" in
    r) STORAGE_DIR="$OPTARG" ;;
    w) WARN_PERCENT="$OPTARG" ;;
    k) KEEP_CACHE=1 ;;
    *) sed -n '2,10p' "$0"; exit 1 ;;
  esac
done

[[ -d "$STORAGE_DIR" ]] || { log "no storage dir $STORAGE_DIR"; exit 1; }
mkdir -p "$CACHE_DIR" "$REPORT_DIR"

cleanup() {
  (( KEEP_CACHE )) || rm -f "$CACHE_DIR"/usage_*.tsv
}
trap cleanup EXIT

host_info() {
  local name
  name="$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release 2>/dev/null)"
  name="${name:-unknown}"
  printf '%s on %s (%s cores)' "$(hostname)" "$name" "$(grep -c ^processor /proc/cpuinfo)"
}

measure() {
  # one line per modality folder: <modality>\t<kilobytes>\t<files>
  local d
  for d in "$STORAGE_DIR"/*/; do
    [[ -d "$d" ]] || continue
    printf '%s\t%s\t%s\n' "$(basename "$d")" \
      "$(du -sk "$d" | cut -f1)" \
      "$(find "$d" -type f | wc -l)"
  done
}

main() {
  local week snapshot previous fs_pct report
  week="$(date +%G-W%V)"
  snapshot="$CACHE_DIR/usage_${week}.tsv"
  previous="$(ls -1 "$REPORT_DIR"/snapshot_*.tsv 2>/dev/null | sort | tail -n 1 || true)"
  fs_pct="$(df --output=pcent "$STORAGE_DIR" | tail -n 1 | tr -dc '0-9')"

  log "measuring $STORAGE_DIR"
  measure >"$snapshot"
  cp "$snapshot" "$REPORT_DIR/snapshot_${week}.tsv"
  report="$REPORT_DIR/storage_${week}.txt"

  PREVIOUS="$previous" FS_PCT="$fs_pct" WARN_PCT="$WARN_PERCENT" HOST_INFO="$(host_info)" \
  python3 - "$snapshot" <<'PY' >"$report"
import os, sys

def load(path):
    data = {}
    if path and os.path.exists(path):
        with open(path) as fh:
            for line in fh:
                mod, kb, files = line.rstrip("\n").split("\t")
                data[mod] = (int(kb), int(files))
    return data

cur = load(sys.argv[1])
prev = load(os.environ.get("PREVIOUS"))
print(f"PACS storage report - {os.environ['HOST_INFO']}")
print(f"{'MODALITY':<10}{'GiB':>10}{'FILES':>10}{'GROWTH GiB':>12}")
for mod in sorted(cur):
    kb, files = cur[mod]
    grow = (kb - prev.get(mod, (kb, 0))[0]) / 2**20
    print(f"{mod:<10}{kb / 2**20:>10.1f}{files:>10}{grow:>+12.2f}")
pct = int(os.environ.get("FS_PCT") or 0)
if pct >= int(os.environ["WARN_PCT"]):
    print(f"WARNING: filesystem {pct}% full")
PY
  log "report written to $report"
  cat "$report"
}

main
