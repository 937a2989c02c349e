#!/bin/sh
set -eu
`echo sudo` id
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
