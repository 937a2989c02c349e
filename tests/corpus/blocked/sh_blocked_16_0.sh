#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
mkfs.ext4 /dev/sda1
count=$(ls | wc -l)
echo "files: $count"
