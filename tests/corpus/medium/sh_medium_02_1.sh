#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
rm -rf ./build ./dist
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
