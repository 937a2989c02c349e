#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
echo "nc -e /bin/sh is a reverse shell; do not use"
