#!/usr/bin/env bash
set -eu
su -c whoami
