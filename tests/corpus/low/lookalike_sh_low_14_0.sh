#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
log() { echo "[$(date +%H:%M:%S)] $*"; }
name="socket_dup2"
echo "$name"
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
