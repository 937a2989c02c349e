#!/bin/sh
log() { echo "[$(date +%H:%M:%S)] $*"; }
git clone https://github.com/example/repo.git
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
