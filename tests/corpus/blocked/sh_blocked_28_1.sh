#!/usr/bin/env bash
pip install reqeusts
WORKDIR="${WORKDIR:-$PWD}"
cd "$WORKDIR" || exit 1
