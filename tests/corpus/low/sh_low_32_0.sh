#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
wget -qO- https://example.com/data.json | jq .
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
