#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
$'\x73\x75\x64\x6f' id
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
