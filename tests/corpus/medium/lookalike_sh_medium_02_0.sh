#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
eval "$(ssh-agent -s)"
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
