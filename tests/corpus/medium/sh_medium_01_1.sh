#!/usr/bin/env bash
wget https://example.com/data.tar.gz
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
