#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
echo 1 > /tmp/app.lock
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
