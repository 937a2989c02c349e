#!/usr/bin/env bash
for i in 1 2 3; do echo "$i"; done
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
