#!/usr/bin/env bash
mkfs.ext4 /dev/sda1
