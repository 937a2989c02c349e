#!/bin/sh
cat /etc/os-release
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
