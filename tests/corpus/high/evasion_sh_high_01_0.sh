#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
\s\u\d\o id
