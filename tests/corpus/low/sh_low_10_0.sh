#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
sed "s/foo/bar/g" input.txt > output.txt
count=$(ls | wc -l)
echo "files: $count"
