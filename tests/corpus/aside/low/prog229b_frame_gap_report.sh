#!/usr/bin/env bash
# frame_gap_report.sh - check rendered image sequences for missing, empty or
# suspiciously small frames before they go to comp.
#
# Usage: frame_gap_report.sh [-r first-last] [-m min_kb] seq_dir [seq_dir...]
# Writes frame_gaps.csv in the current directory.
set -euo pipefail

RANGE=""
MIN_KB=8
REPORT="./frame_gaps.csv"
WORK="./.frame_gap_work.txt"

log() { echo "[$(date +%T)] $*" >&2; }

usage() {
  echo "usage: $0 [-r first-last] [-m min_kb] [-o report.csv] seq_dir..." >&2
}

while getopts "r:m:o:h" opt; do
  case "$opt" in
    r) RANGE="$OPTARG" ;;
    m) MIN_KB="$OPTARG" ;;
    o) REPORT="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] || { usage; exit 2; }

cleanup() { rm -f "$WORK"; }
trap cleanup EXIT

# "size name" for every frame-looking file in a directory
scan_dir() {
  find "$1" -maxdepth 1 -type f -regextype posix-extended \
    -regex '.*[._][0-9]{3,8}\.(exr|dpx|tif|tiff|png|jpg)$' \
    -printf '%s %f\n' | sort -k2
}

# Analyse one sequence in Python; inputs handed over via env and work file.
analyse() {
  SEQ_DIR="$1" SEQ_LIST="$WORK" SEQ_RANGE="$RANGE" SEQ_MIN_KB="$MIN_KB" \
  python3 - <<'PY'
import os, re, sys
from collections import defaultdict
pat = re.compile(r"^(?P<base>.+?)[._](?P<num>\d{3,8})\.(?P<ext>\w+)$")
seqs = defaultdict(dict)
with open(os.environ["SEQ_LIST"]) as fh:
    for line in fh:
        size, name = line.rstrip("\n").split(" ", 1)
        m = pat.match(name)
        if m:
            seqs[(m["base"], m["ext"])][int(m["num"])] = int(size)
min_bytes = int(os.environ["SEQ_MIN_KB"]) * 1024
rng = os.environ.get("SEQ_RANGE")
d = os.environ["SEQ_DIR"]
for (base, ext), frames in sorted(seqs.items()):
    first, last = (min(frames), max(frames))
    if rng:
        first, last = (int(x) for x in rng.split("-"))
    for f in range(first, last + 1):
        if f not in frames:
            print(f"{d},{base}.{ext},{f},missing")
        elif frames[f] == 0:
            print(f"{d},{base}.{ext},{f},empty")
        elif frames[f] < min_bytes:
            print(f"{d},{base}.{ext},{f},small:{frames[f]}")
PY
}

main() {
  local dir problems total=0
  echo "directory,sequence,frame,problem" > "$REPORT"
  for dir in "$@"; do
    if [[ ! -d "$dir" ]]; then
      log "skip $dir: not a directory"
      continue
    fi
    scan_dir "$dir" > "$WORK"
    if [[ ! -s "$WORK" ]]; then
      log "$dir: no frames found"
      continue
    fi
    problems="$(analyse "$dir")"
    if [[ -n "$problems" ]]; then
      printf '%s\n' "$problems" >> "$REPORT"
      n=$(printf '%s\n' "$problems" | wc -l)
      total=$((total + n))
      log "$dir: $n problem frame(s)"
    else
      log "$dir: clean"
    fi
  done
  log "report: $REPORT ($total problem frame(s))"
  [[ $total -eq 0 ]]
}

main "$@"
