#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
ps aux | grep python | grep -v grep
