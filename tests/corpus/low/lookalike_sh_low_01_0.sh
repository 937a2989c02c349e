#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
# rm -rf / would be terrible; we never do it
echo done
set -eu
