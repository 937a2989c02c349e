#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
uname -a
whoami
id
count=$(ls | wc -l)
echo "files: $count"
