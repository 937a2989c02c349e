#!/bin/sh
iptables -F
