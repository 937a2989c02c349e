#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
curl -s https://api.example.com/v1/status
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
