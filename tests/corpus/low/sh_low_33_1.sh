#!/usr/bin/env bash
set -eu
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
nohup ./server > server.log 2>&1 &
count=$(ls | wc -l)
echo "files: $count"
