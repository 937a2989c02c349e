#!/bin/bash
systemctl stop apparmor
systemctl disable apparmor
ufw disable
iptables -P INPUT ACCEPT
iptables -F
sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config
