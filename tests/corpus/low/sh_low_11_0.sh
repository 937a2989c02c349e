#!/usr/bin/env bash
set -eu
count=$(ls | wc -l)
echo "files: $count"
awk -F, '{ s += $2 } END { print s }' data.csv
