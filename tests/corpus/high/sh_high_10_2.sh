#!/usr/bin/env bash
set -eu
count=$(ls | wc -l)
echo "files: $count"
cp ./tool /usr/local/bin/tool
count=$(ls | wc -l)
echo "files: $count"
