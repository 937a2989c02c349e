#!/bin/sh
set -eu
apt-get remove -y apparmor-utils
