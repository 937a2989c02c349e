#!/usr/bin/env bash
"su"do ls /root
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
