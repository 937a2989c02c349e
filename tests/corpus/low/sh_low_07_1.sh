#!/bin/sh
x=$(date +%s)
echo "$x"
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
