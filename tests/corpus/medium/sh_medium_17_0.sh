#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
pkill -f old_worker
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
