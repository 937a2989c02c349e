#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
\s\u\d\o id
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
