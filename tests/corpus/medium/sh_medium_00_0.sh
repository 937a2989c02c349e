#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
pip install --user requests
count=$(ls | wc -l)
echo "files: $count"
