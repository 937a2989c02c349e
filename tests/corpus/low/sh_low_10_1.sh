#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
sed "s/foo/bar/g" input.txt > output.txt
count=$(ls | wc -l)
echo "files: $count"
