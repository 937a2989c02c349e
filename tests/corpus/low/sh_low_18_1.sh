#!/bin/sh
test -f config.yaml && echo present
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
