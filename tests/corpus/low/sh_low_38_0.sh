#!/usr/bin/env bash
pkill -f old_worker
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
