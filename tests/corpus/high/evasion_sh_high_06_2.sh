#!/bin/sh
set -eu
echo "1.2.3.4 x" | tee -a /etc/hosts
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
