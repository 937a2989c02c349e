#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
x=$(date +%s)
echo "$x"
set -eu
