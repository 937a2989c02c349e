#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
`echo sudo` id
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
