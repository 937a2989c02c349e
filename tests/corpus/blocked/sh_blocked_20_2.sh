#!/usr/bin/env bash
set -eu
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
setenforce 0
