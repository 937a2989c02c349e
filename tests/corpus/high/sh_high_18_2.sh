#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
docker run --rm alpine echo hi
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
