#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
set -eu
find . -name "*.log" -mtime +7 -print
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
