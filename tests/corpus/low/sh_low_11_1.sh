#!/usr/bin/env bash
log() { echo "[$(date +%H:%M:%S)] $*"; }
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
awk -F, '{ s += $2 } END { print s }' data.csv
