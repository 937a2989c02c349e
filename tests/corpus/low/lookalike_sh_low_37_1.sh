#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
count=$(ls | wc -l)
echo "files: $count"
curl -o data.json https://example.com/data.json
