#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
mkdir -p out && cp *.txt out/
