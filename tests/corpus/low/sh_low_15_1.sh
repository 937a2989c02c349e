#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
count=$(ls | wc -l)
echo "files: $count"
python3 -c "print(1 + 1)"
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
