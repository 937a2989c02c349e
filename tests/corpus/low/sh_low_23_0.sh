#!/bin/sh
cat /etc/os-release
