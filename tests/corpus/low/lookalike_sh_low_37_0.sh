#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
curl -o data.json https://example.com/data.json
