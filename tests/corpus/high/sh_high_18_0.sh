#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
docker run --rm alpine echo hi
