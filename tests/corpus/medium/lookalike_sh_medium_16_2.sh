#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
curl -o data.json https://example.com/data.json
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
