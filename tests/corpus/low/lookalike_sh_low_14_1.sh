#!/usr/bin/env bash
name="socket_dup2"
echo "$name"
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
