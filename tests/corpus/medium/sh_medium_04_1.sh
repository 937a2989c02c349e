#!/usr/bin/env bash
kill -9 "$(cat app.pid)"
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
