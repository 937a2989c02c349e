#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
pkill -f old_worker
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
