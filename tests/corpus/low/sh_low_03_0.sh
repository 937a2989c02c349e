#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
grep -rn TODO . | sort | head -20
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
