#!/bin/sh
set -eu
count=$(ls | wc -l)
echo "files: $count"
useradd -m deploy
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
