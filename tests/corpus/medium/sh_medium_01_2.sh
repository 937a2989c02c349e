#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
wget https://example.com/data.tar.gz
