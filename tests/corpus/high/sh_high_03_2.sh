#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
echo "10.0.0.1 db" >> /etc/hosts
count=$(ls | wc -l)
echo "files: $count"
