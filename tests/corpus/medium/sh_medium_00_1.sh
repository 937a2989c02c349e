#!/bin/sh
curl -s https://api.example.com/v1/status
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
