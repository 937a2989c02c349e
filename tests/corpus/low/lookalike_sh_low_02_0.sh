#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
echo "nc -e /bin/sh is a reverse shell; do not use"
set -eu
