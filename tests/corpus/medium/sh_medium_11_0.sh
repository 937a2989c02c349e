#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
npm install
count=$(ls | wc -l)
echo "files: $count"
