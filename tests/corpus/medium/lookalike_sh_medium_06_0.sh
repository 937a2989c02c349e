#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
chmod +x ./run.sh && ./run.sh
count=$(ls | wc -l)
echo "files: $count"
