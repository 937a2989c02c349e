#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
pip install reqeusts
count=$(ls | wc -l)
echo "files: $count"
