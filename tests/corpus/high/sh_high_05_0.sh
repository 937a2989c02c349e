#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
useradd -m deploy
count=$(ls | wc -l)
echo "files: $count"
