#!/usr/bin/env bash
systemctl stop auditd && systemctl disable auditd
set -eu
