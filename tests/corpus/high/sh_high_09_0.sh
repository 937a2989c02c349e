#!/usr/bin/env bash
mount /dev/sdb1 /mnt
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
