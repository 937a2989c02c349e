#!/usr/bin/env bash
set -eu
du -sh . 2>/dev/null
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
