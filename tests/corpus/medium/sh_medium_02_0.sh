#!/bin/sh
set -eu
rm -rf ./build ./dist
