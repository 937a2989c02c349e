#!/bin/sh
pip install --user requests
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
