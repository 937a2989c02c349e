#!/bin/sh
set -eu
ufw disable
