#!/bin/sh
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
S=sudo
$S apt-get install -y vim
