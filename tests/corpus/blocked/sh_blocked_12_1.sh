#!/bin/sh
set -eu
rm -rf /
