#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
count=$(ls | wc -l)
echo "files: $count"
wget https://example.com/data.tar.gz
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
