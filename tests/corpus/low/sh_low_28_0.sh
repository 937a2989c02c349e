#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
set -eu
kill -9 "$(cat app.pid)"
