#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
for i in 1 2 3; do echo "$i"; done
