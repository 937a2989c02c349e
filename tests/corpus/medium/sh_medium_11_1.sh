#!/bin/sh
npm install
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
