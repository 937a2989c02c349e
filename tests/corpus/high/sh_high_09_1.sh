#!/usr/bin/env bash
mount /dev/sdb1 /mnt
