#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
head -n 5 README.md
count=$(ls | wc -l)
echo "files: $count"
