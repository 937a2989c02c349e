#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
ssh user@example.com uptime
