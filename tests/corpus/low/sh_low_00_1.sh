#!/bin/sh
echo "hello"
ls -la
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
