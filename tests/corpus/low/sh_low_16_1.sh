#!/bin/sh
printf "%s\n" "a" "b" | sort -r
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
