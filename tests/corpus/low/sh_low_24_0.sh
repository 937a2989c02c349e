#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
count=$(ls | wc -l)
echo "files: $count"
head -n 5 README.md
count=$(ls | wc -l)
echo "files: $count"
