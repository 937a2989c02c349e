#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
chmod +x ./run.sh && ./run.sh
