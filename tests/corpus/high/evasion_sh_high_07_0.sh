#!/bin/sh
`echo sudo` id
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
