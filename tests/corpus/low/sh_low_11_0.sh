#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
awk -F, '{ s += $2 } END { print s }' data.csv
