#!/usr/bin/env bash
insmod ./driver.ko
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
