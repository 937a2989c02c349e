#!/usr/bin/env bash
set -eu
diff a.txt b.txt || echo differ
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
