#!/usr/bin/env bash
systemctl restart nginx
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
