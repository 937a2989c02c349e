#!/usr/bin/env bash
set -eu
`echo sudo` id
count=$(ls | wc -l)
echo "files: $count"
