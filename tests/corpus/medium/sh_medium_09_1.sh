#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
docker run --rm alpine echo hi
