#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
pkill -f old_worker
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
