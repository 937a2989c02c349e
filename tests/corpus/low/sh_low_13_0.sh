#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
for i in 1 2 3; do echo "$i"; done
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
