#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
$'\x73\x75\x64\x6f' id
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
