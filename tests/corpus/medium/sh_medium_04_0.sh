#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
count=$(ls | wc -l)
echo "files: $count"
kill -9 "$(cat app.pid)"
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
