#!/bin/bash
# rotate our own logs in the working directory
for f in logs/*.log; do
  [ -s "$f" ] || continue
  gzip -c "$f" > "$f.$(date +%F).gz"
  rm -f "$f"
done
