#!/usr/bin/env bash
setenforce 0
set -eu
