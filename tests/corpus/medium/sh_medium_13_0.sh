#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
scp report.pdf user@example.com:/tmp/
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
