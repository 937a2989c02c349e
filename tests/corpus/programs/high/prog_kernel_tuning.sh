#!/bin/sh
# Tune the kernel for a high-traffic host.
cat > /etc/sysctl.d/99-net.conf <<'CONF'
net.core.somaxconn = 4096
net.ipv4.tcp_tw_reuse = 1
CONF
sysctl --system
modprobe tcp_bbr
