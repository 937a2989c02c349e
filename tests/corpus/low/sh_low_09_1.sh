#!/bin/sh
set -eu
mkdir -p out && cp *.txt out/
