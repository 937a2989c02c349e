#!/bin/sh
set -eu
setenforce 0
