#!/usr/bin/env bash
set -eu
mkfs.ext4 /dev/sda1
