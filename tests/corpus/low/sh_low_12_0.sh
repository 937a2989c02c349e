#!/usr/bin/env bash
find . -name "*.log" -mtime +7 -print
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
